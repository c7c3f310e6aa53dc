import { DownOutlined, DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { FilterActions } from '../../common/FilterActions';
import { Alert, Button, Card, Dropdown, Form, Input, Select, Space, Table, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { api, ApiError } from '../../api/client';
import type { FieldError } from '../../api/field-errors';
import { useCurrentUser } from '../../auth/use-current-user';
import { useListParams } from '../../common/list-params';
import { ReimportPrompt } from '../../common/ReimportPrompt';
import { reimportRefusalOf } from '../../common/reimport-refusal';
import { toast } from '../../common/toast';
import { errorMessage, formatDate } from '../../i18n';
import { EXPORT_ENCODINGS, Product, PRODUCT_IMPORTS_PATH, productPagePath, PRODUCT_STATES } from './api/product';
import { uploadProductImport } from './api/save-product';
import { useMakerOptions, useProductChanges, useProducts, useShopOptions } from './api/use-products';
import { csvErrorLine } from './csv-errors';
import { STATE_COLORS, yen } from './format';

export function ProductListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const { params, setParams, pagination } = useListParams(['keyword', 'isDisplay'] as const, ['shopId', 'makerId', 'state'] as const);
  const { products, pagination: page, isLoading } = useProducts(params);
  const { changes } = useProductChanges();
  const makers = useMakerOptions();
  const shops = useShopOptions(!!user?.permissions.includes('settings.read'));
  const [form] = Form.useForm();
  const [importErrors, setImportErrors] = useState<FieldError[]>([]);
  const [importing, setImporting] = useState(false);
  /** An upload refused as imported before: the file, to send again if staff confirm. */
  const [reimport, setReimport] = useState<{ file: File; refusal: FieldError } | null>(null);
  const canWrite = user?.permissions.includes('catalogue.write');

  const filters = { keyword: params.keyword, isDisplay: params.isDisplay, shopId: params.shopId, makerId: params.makerId, state: params.state };

  const download = async (encoding: string) => {
    try {
      await api.download('/products/export', { ...filters, encoding });
    } catch (err) {
      toast.error(errorMessage(err instanceof ApiError ? err.errorCode : undefined));
    }
  };

  /** The file goes up and its check starts (202): the import's page shows the progress, then the preview. */
  const upload = async (file: File, confirmReimport = false) => {
    setImporting(true);
    setImportErrors([]);
    try {
      const result = await uploadProductImport(file, confirmReimport);
      const refusal = result.ok ? undefined : reimportRefusalOf(result.error.errors);
      setReimport(refusal ? { file, refusal } : null);
      if (result.ok) navigate(`${PRODUCT_IMPORTS_PATH}/${result.data.id}`);
      // Imported before: the prompt says when and by whom, and offers to import it again.
      else if (!refusal) setImportErrors(result.error.errors.length ? result.error.errors : [{ field: 'file', errorCode: result.error.errorCode }]);
    } catch (err) {
      // 413 (over 10 MB) is routed as a failure by the client; say what it was.
      setImportErrors([{ field: 'file', errorCode: err instanceof ApiError && err.status === 413 ? 'NAL-413' : 'invalid' }]);
    } finally {
      setImporting(false);
    }
  };

  return (
    <Card
      title={<Typography.Title level={4} style={{ margin: 0 }}>{t('products.listTitle')}</Typography.Title>}
      extra={
        <Space>
          <Dropdown
            menu={{
              items: EXPORT_ENCODINGS.map((encoding) => ({ key: encoding, label: t(`products.csv.encodings.${encoding}`), id: `product-export-${encoding}` })),
              onClick: ({ key }) => void download(key),
            }}
          >
            <Button icon={<DownloadOutlined />} id="product-export">
              {t('products.csv.download')} <DownOutlined />
            </Button>
          </Dropdown>
          {canWrite && (
            <Upload
              accept=".csv,text/csv"
              showUploadList={false}
              beforeUpload={(file) => {
                void upload(file);
                return false;
              }}
            >
              <Button icon={<UploadOutlined />} loading={importing} id="product-import">
                {t('products.csv.upload')}
              </Button>
            </Upload>
          )}
          {canWrite && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/products/create')} id="product-create">
              {t('common.create')}
            </Button>
          )}
        </Space>
      }
    >
      {changes.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="product-changes"
          message={t('products.changedNotice', { count: changes.length })}
          description={
            <ul style={{ margin: 0, paddingLeft: 20, maxHeight: 120, overflowY: 'auto' }}>
              {changes.slice(0, 20).map((c) => (
                <li key={c.id}>
                  {formatDate(c.changedAt, true)} <Link to={productPagePath(c.productId)}>{c.productCode}</Link> {c.productName}:{' '}
                  {t(`products.fields.${c.field}`)} {c.field === 'state' ? `${c.from ? t(`productStates.${c.from}`) : '—'} → ${c.to ? t(`productStates.${c.to}`) : '—'}` : `${c.from ?? '—'} → ${c.to ?? '—'}`}
                </li>
              ))}
            </ul>
          }
        />
      )}
      {reimport && <ReimportPrompt refusal={reimport.refusal} busy={importing} onConfirm={() => void upload(reimport.file, true)} onCancel={() => setReimport(null)} />}
      {importErrors.length > 0 && (
        <Alert
          type="error"
          showIcon
          closable
          onClose={() => setImportErrors([])}
          style={{ marginBottom: 16 }}
          data-testid="import-errors"
          message={t('products.csv.failed', { count: importErrors.length })}
          description={
            <ul style={{ margin: 0, paddingLeft: 20, maxHeight: 240, overflowY: 'auto' }}>
              {importErrors.map((e, i) => (
                <li key={i}>{csvErrorLine(e, t)}</li>
              ))}
            </ul>
          }
        />
      )}
      <Form form={form} layout="inline" initialValues={params} onFinish={(values) => setParams({ ...values, page: 1, perPage: params.perPage })} style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item name="keyword" label={t('products.keyword')} tooltip={t('products.keywordHelp')}>
          <Input allowClear id="filter-keyword" />
        </Form.Item>
        {shops.length > 0 && (
          <Form.Item name="shopId" label={t('products.shop')}>
            <Select mode="multiple" allowClear style={{ minWidth: 160 }} options={shops.map((s) => ({ value: String(s.id), label: s.name }))} />
          </Form.Item>
        )}
        {makers.length > 1 && (
          <Form.Item name="makerId" label={t('products.maker')}>
            <Select mode="multiple" allowClear optionFilterProp="label" style={{ minWidth: 160 }} options={makers.map((m) => ({ value: String(m.id), label: m.name }))} />
          </Form.Item>
        )}
        <Form.Item name="state" label={t('products.state')}>
          <Select mode="multiple" allowClear style={{ minWidth: 140 }} options={PRODUCT_STATES.map((s) => ({ value: s, label: t(`productStates.${s}`) }))} />
        </Form.Item>
        <Form.Item name="isDisplay" label={t('products.isDisplay')}>
          <Select
            allowClear
            style={{ minWidth: 100 }}
            options={[
              { value: 'true', label: t('products.display.true') },
              { value: 'false', label: t('products.display.false') },
            ]}
          />
        </Form.Item>
        <FilterActions form={form} onReset={() => setParams({ perPage: params.perPage })} />
      </Form>
      <Table<Product>
        rowKey="id"
        loading={isLoading}
        dataSource={products}
        scroll={{ x: true }}
        locale={{ emptyText: t('products.empty') }}
        pagination={pagination(page?.total ?? 0, (total, [from, to]) => t('common.total', { total, from, to }))}
        columns={[
          // Each row opens the product's page (ProductInformation), where it can be edited or deleted.
          { title: t('products.productCode'), dataIndex: 'productCode', width: 140, render: (code: string, p) => <Link to={productPagePath(p.id)}>{code}</Link> },
          { title: t('products.productName'), dataIndex: 'productName', render: (name: string, p) => <Link to={productPagePath(p.id)}>{name}</Link> },
          { title: t('products.makerCodeOrProductId'), dataIndex: 'makerCodeOrProductId', render: (v: string | null) => v ?? '—' },
          { title: t('products.shop'), dataIndex: 'shopName' },
          { title: t('products.maker'), dataIndex: 'makerName' },
          { title: t('products.price'), dataIndex: 'price', align: 'right', render: yen },
          { title: t('products.priceWithTax'), dataIndex: 'priceWithTax', align: 'right', render: yen },
          { title: t('products.state'), dataIndex: 'state', render: (s: string) => <Tag color={STATE_COLORS[s]}>{t(`productStates.${s}`)}</Tag> },
          { title: t('products.isDisplay'), dataIndex: 'isDisplay', render: (v: boolean) => t(`products.display.${v}`) },
          { title: t('products.estimateShipDate'), dataIndex: 'estimateShipDate', render: (v: string | null) => v ?? '—' },
          { title: t('products.updatedAt'), dataIndex: 'updatedAt', render: (v: string) => formatDate(v, true) },
        ]}
      />
    </Card>
  );
}
