import { ArrowLeftOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, Popconfirm, Result, Space, Spin, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useCurrentUser } from '../../auth/use-current-user';
import { toast } from '../../common/toast';
import { errorMessage, formatDate } from '../../i18n';
import { useOrders } from '../orders/api/use-orders';
import { Product, PRODUCTS_PATH } from './api/product';
import { deleteProduct } from './api/save-product';
import { useProduct } from './api/use-products';
import { STATE_COLORS, yen } from './format';

/** The order list's URL for the orders that carry a product (the list's `productId` filter). */
export const productOrdersPath = (id: number | string) => `/orders?${new URLSearchParams({ productId: String(id) })}`;

/**
 * How many orders carry the product, with the link to them in the order list. Read from the list
 * itself (its smallest page), so it counts what this user may see there, and shows the list's
 * estimate beyond 10,000 as the list does.
 */
function ProductOrders({ productId }: { productId: number }) {
  const { t } = useTranslation();
  const { pagination, isLoading } = useOrders({ productId, perPage: 20 });
  if (isLoading || !pagination) return <Spin size="small" />;
  const estimate = (pagination as { totalIsEstimate?: boolean }).totalIsEstimate;
  return (
    <Space data-testid="product-orders">
      <span>{t(estimate ? 'products.page.orderCountEstimate' : 'products.page.orderCount', { count: pagination.total })}</span>
      {pagination.total > 0 && (
        <Link to={productOrdersPath(productId)} id="product-orders-link">
          {t('products.page.openOrders')}
        </Link>
      )}
    </Space>
  );
}

/** Every field of the product, names for its shop and maker, the price with its tax. */
function ProductFields({ product }: { product: Product }) {
  const { t } = useTranslation();
  const text = (v: string | null) => v || '—';
  const items: [string, ReactNode][] = [
    ['productCode', product.productCode],
    ['ownProductCode', text(product.ownProductCode)],
    ['ecProductCode', text(product.ecProductCode)],
    ['makerProductCode', text(product.makerProductCode)],
    ['productName', product.productName],
    ['categoryName', text(product.categoryName)],
    ['shop', `${product.shopName} (${product.shopCode})`],
    ['shopProductId', text(product.shopProductId)],
    ['maker', `${product.makerName} (${product.makerCode})`],
    ['makerCodeOrProductId', text(product.makerCodeOrProductId)],
    ['price', yen(product.price)],
    ['taxPercentage', `${product.taxPercentage}%`],
    ['tax', yen(product.tax)],
    ['priceWithTax', <strong key="price-with-tax">{yen(product.priceWithTax)}</strong>],
    ['wholesalePrice', yen(product.wholesalePrice)],
    ['option1', text(product.option1)],
    ['option2', text(product.option2)],
    ['shippingType', t(`shippingTypes.${product.shippingType}`)],
    ['availableShipment', t(product.availableShipment ? 'common.yes' : 'common.no')],
    ['estimateShipDate', text(product.estimateShipDate)],
    ['deliveryCategory', text(product.deliveryCategory)],
    ['state', <Tag key="state" color={STATE_COLORS[product.state]}>{t(`productStates.${product.state}`)}</Tag>],
    ['isDisplay', t(`products.display.${product.isDisplay}`)],
    ['postingSupportStatus', t(`postingSupportStatuses.${product.postingSupportStatus}`)],
    ['lastChangedAt', product.lastChangedAt ? formatDate(product.lastChangedAt, true) : '—'],
    ['createdAt', formatDate(product.createdAt, true)],
    ['updatedAt', formatDate(product.updatedAt, true)],
  ];
  return (
    <Descriptions size="small" bordered column={{ xs: 1, md: 2 }} data-testid="product-fields">
      {items.map(([key, value]) => (
        <Descriptions.Item key={key} label={t(`products.${key}`)}>
          <span data-testid={`product-${key}`}>{value}</span>
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}

/** ProductInformation (SPEC.md §2): where a created or edited product lands, and each list row opens. */
export function ProductDetailPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const { product, error } = useProduct(id);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const canWrite = user?.permissions.includes('catalogue.write');

  if (!product) return error ? <Result status="warning" title={t('common.loadFailed')} /> : <Spin />;

  const remove = async () => {
    setDeleteError(null);
    const result = await deleteProduct(product.id);
    if (result.ok) {
      toast.success(t('products.deleted'));
      navigate(PRODUCTS_PATH);
    } else {
      // Refused (on orders): the reason stays on screen until the next attempt.
      setDeleteError(errorMessage(result.error.errorCode, undefined, result.error.message));
    }
  };

  return (
    <Card
      title={
        <Space>
          <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => navigate(PRODUCTS_PATH)} aria-label={t('products.page.backToList')} />
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('products.page.title')}: <span data-testid="product-title">{product.productName}</span>
          </Typography.Title>
        </Space>
      }
      extra={
        canWrite && (
          <Space>
            <Button icon={<EditOutlined />} onClick={() => navigate(`${PRODUCTS_PATH}/${product.id}/edit`)} id="product-edit">
              {t('common.edit')}
            </Button>
            <Popconfirm
              title={t('products.page.confirmDelete', { name: product.productName })}
              okText={t('common.yes')}
              cancelText={t('common.no')}
              okButtonProps={{ danger: true, id: 'product-delete-ok' }}
              onConfirm={remove}
            >
              <Button danger icon={<DeleteOutlined />} id="product-delete">
                {t('common.delete')}
              </Button>
            </Popconfirm>
          </Space>
        )
      }
    >
      {deleteError && <Alert type="error" showIcon closable title={deleteError} style={{ marginBottom: 16 }} data-testid="delete-error" onClose={() => setDeleteError(null)} />}
      <ProductFields product={product} />
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('products.page.orders')}
      </Typography.Title>
      <ProductOrders productId={product.id} />
    </Card>
  );
}
