import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Popconfirm, Progress, Result, Row, Space, Spin, Statistic, Table, Tag, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { api, ApiError } from '../../api/client';
import type { FieldError } from '../../api/field-errors';
import { ReimportPrompt } from '../../common/ReimportPrompt';
import { reimportRefusalOf } from '../../common/reimport-refusal';
import { toast } from '../../common/toast';
import { errorMessage } from '../../i18n';
import { ColumnChange, PRODUCT_IMPORTS_PATH, PRODUCTS_PATH, ProductImport } from './api/product';
import { applyProductImport, discardProductImport, productsImported } from './api/save-product';
import { useProductImport } from './api/use-products';
import { csvErrorLine } from './csv-errors';

const isClear = (c: ColumnChange) => c.to === null && c.from !== null;

/** "and N more" under a list that shows the first ones only. */
function More({ total, shown }: { total: number; shown: number }) {
  const { t } = useTranslation();
  if (total <= shown) return null;
  return (
    <Typography.Text type="secondary" data-testid="more">
      {t('products.import.more', { count: total - shown })}
    </Typography.Text>
  );
}

/** A list in an alert (errors, clears): its first lines, "and N more" beyond them, and what goes under it. */
function ListAlert(props: { type: 'error' | 'warning'; testId: string; title: string; lines: string[]; total: number; children?: ReactNode }) {
  return (
    <Alert
      type={props.type}
      showIcon
      data-testid={props.testId}
      title={props.title}
      description={
        <Space orientation="vertical" style={{ width: '100%' }}>
          <ul style={{ margin: 0, paddingLeft: 20, maxHeight: 320, overflowY: 'auto' }}>
            {props.lines.map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ul>
          <More total={props.total} shown={props.lines.length} />
          {props.children}
        </Space>
      }
    />
  );
}

function Change({ change }: { change: ColumnChange }) {
  const { t } = useTranslation();
  const blank = <Typography.Text type="secondary">{t('products.import.blank')}</Typography.Text>;
  return (
    <div className={isClear(change) ? 'import-clear' : undefined}>
      <Typography.Text strong>{change.column}</Typography.Text>: {change.from ?? blank} → {change.to ?? blank}{' '}
      {isClear(change) && <Tag color="red">{t('products.import.cleared')}</Tag>}
    </div>
  );
}

/** What applying the file would do: the counts, the errors, the values blank cells clear, the changed rows. */
function Preview({ imp }: { imp: ProductImport }) {
  const { t } = useTranslation();
  const counts = imp.counts!;
  const preview = imp.preview!;
  const downloadRejected = async () => {
    try {
      await api.download(`${PRODUCT_IMPORTS_PATH}/${imp.id}/rejected-rows`);
    } catch (err) {
      toast.error(errorMessage(err instanceof ApiError ? err.errorCode : undefined));
    }
  };
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }} data-testid="import-preview">
      <Row gutter={16}>
        {(['new', 'changed', 'unchanged', 'clears', 'errors'] as const).map((key) => (
          <Col key={key}>
            <Statistic
              title={t(`products.import.counts.${key}`)}
              value={counts[key]}
              suffix={t('products.import.unit')}
              // 2件, not 2 件: no space between a number and its counter in Japanese.
              styles={{ content: key === 'errors' && counts.errors ? { color: '#cf1322' } : key === 'clears' && counts.clears ? { color: '#d46b08' } : undefined, suffix: { marginInlineStart: 0 } }}
              data-testid={`count-${key}`}
            />
          </Col>
        ))}
      </Row>
      {counts.errors > 0 && (
        <ListAlert type="error" testId="import-errors" title={t('products.import.errorsTitle', { count: counts.errors })} lines={preview.errors.map((e) => csvErrorLine(e, t))} total={counts.errors}>
          {counts.rejectedRows > 0 && (
            <Button icon={<DownloadOutlined />} onClick={downloadRejected} id="import-rejected-rows">
              {t('products.import.downloadRejected', { count: counts.rejectedRows })}
            </Button>
          )}
        </ListAlert>
      )}
      {counts.clears > 0 && (
        <ListAlert
          type="warning"
          testId="import-clears"
          title={t('products.import.clearsTitle', { count: counts.clears })}
          lines={preview.clears.map((c) => t('products.import.clearLine', { line: c.line, code: c.productCode, column: c.column, from: c.from }))}
          total={counts.clears}
        />
      )}
      {counts.changed > 0 && (
        <div data-testid="import-changed">
          <Typography.Title level={5}>{t('products.import.changedTitle', { count: counts.changed })}</Typography.Title>
          <Table
            rowKey="line"
            size="small"
            dataSource={preview.changed}
            pagination={{ pageSize: 20, showSizeChanger: false }}
            columns={[
              { title: t('products.import.line'), dataIndex: 'line', width: 80 },
              { title: t('products.productCode'), dataIndex: 'productCode', width: 160 },
              { title: t('products.import.changes'), dataIndex: 'changes', render: (changes: ColumnChange[]) => changes.map((c) => <Change key={c.column} change={c} />) },
            ]}
          />
          <More total={counts.changed} shown={preview.changed.length} />
        </div>
      )}
    </Space>
  );
}

/**
 * /products/imports/:id: the import of a product CSV, step by step. While its job reads the file, a
 * progress bar; then the preview and "Apply" / "Cancel" (nothing is written before Apply); then the result.
 */
export function ProductImportPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id } = useParams();
  const { productImport: imp, show } = useProductImport(id);
  const [busy, setBusy] = useState(false);
  /** Apply refused: another upload of this file's name was applied since it was uploaded. */
  const [reimport, setReimport] = useState<FieldError | null>(null);

  /**
   * Runs apply or discard; a refusal (the catalogue changed since the preview…) is said in a toast, one of
   * a name imported meanwhile by the prompt to import it again.
   */
  const act = async (action: () => ReturnType<typeof applyProductImport>): Promise<boolean> => {
    setBusy(true);
    try {
      const result = await action();
      const refusal = result.ok ? undefined : reimportRefusalOf(result.error.errors);
      setReimport(refusal ?? null);
      if (result.ok) await show(result.data);
      else if (!refusal) toast.error(errorMessage(result.error.errorCode, undefined, result.error.message));
      return result.ok;
    } finally {
      setBusy(false);
    }
  };
  const apply = async (confirmReimport = false) => {
    await act(() => applyProductImport(imp!.id, confirmReimport));
  };
  const cancel = async () => {
    if (await act(() => discardProductImport(imp!.id))) navigate(PRODUCTS_PATH);
  };

  if (!imp) return <Spin />;
  const back = (
    <Button onClick={() => navigate(PRODUCTS_PATH)} id="import-back">
      {t('products.import.backToList')}
    </Button>
  );
  let body;
  if (imp.status === 'validating') {
    const { rowsDone, rowsTotal } = imp.progress;
    body = (
      <div data-testid="import-progress">
        <Typography.Paragraph>{t('products.import.validating', { done: rowsDone.toLocaleString(), total: (rowsTotal ?? 0).toLocaleString() })}</Typography.Paragraph>
        <Progress percent={rowsTotal ? Math.min(99, Math.floor((rowsDone / rowsTotal) * 100)) : 0} status="active" />
      </div>
    );
  } else if (imp.status === 'applied') {
    const { created, updated, unchanged } = imp.result!;
    body = (
      <Result
        status="success"
        title={t('products.import.applied', { total: created + updated })}
        subTitle={t('products.import.appliedDetail', { created, updated, unchanged })}
        extra={<Link to={PRODUCTS_PATH} onClick={() => void productsImported()} id="import-done">{t('products.import.backToList')}</Link>}
        data-testid="import-result"
      />
    );
  } else if (imp.status === 'discarded') {
    body = <Result status="info" title={t('products.import.discarded')} extra={back} />;
  } else if (imp.status === 'failed') {
    body = <Result status="error" title={t('products.import.failed')} subTitle={errorMessage(imp.failure?.errorCode)} extra={back} data-testid="import-failed" />;
  } else if (imp.counts && imp.preview) {
    // previewed, invalid, or applying (the preview stays while the rows are written).
    body = (
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        {imp.status === 'invalid' && <Alert type="error" title={t('products.import.invalid')} />}
        {imp.status === 'previewed' && <Alert type="info" title={t('products.import.notYet')} />}
        {imp.status === 'applying' && <Alert type="info" icon={<Spin size="small" />} showIcon title={t('products.import.applying')} />}
        <Preview imp={imp} />
        {reimport && imp.status === 'previewed' && <ReimportPrompt refusal={reimport} busy={busy} onConfirm={() => void apply(true)} onCancel={() => setReimport(null)} />}
        <Space>
          {imp.counts.clears > 0 ? (
            <Popconfirm title={t('products.import.confirmClears', { count: imp.counts.clears })} onConfirm={() => apply()} okText={t('products.import.apply')} cancelText={t('common.cancel')}>
              <Button type="primary" disabled={imp.status !== 'previewed'} loading={busy || imp.status === 'applying'} id="import-apply">
                {t('products.import.apply')}
              </Button>
            </Popconfirm>
          ) : (
            <Button type="primary" disabled={imp.status !== 'previewed'} loading={busy || imp.status === 'applying'} onClick={() => void apply()} id="import-apply">
              {t('products.import.apply')}
            </Button>
          )}
          <Button onClick={cancel} disabled={busy || imp.status === 'applying'} id="import-cancel">
            {t('common.cancel')}
          </Button>
        </Space>
      </Space>
    );
  } else {
    body = <Spin />;
  }
  return (
    <Card title={<Typography.Title level={4} style={{ margin: 0 }}>{t('products.import.title', { name: imp.fileName })}</Typography.Title>}>
      {body}
    </Card>
  );
}
