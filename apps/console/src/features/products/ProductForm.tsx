import { Alert, Button, Card, Col, Form, Input, InputNumber, Row, Select, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useCurrentUser } from '../../auth/use-current-user';
import { countOf, maxLength, wholeNumber } from '../../common/field-rules';
import { EditFormProps, useServerForm } from '../../common/use-server-form';
import { displayPriceWithTax, POSTING_SUPPORT_STATUSES, Product, ProductInput, PRODUCT_LIMITS, PRODUCT_STATES, SHIPPING_TYPES, SHOP_PRODUCT_ID_DIGITS } from './api/product';
import { useMakerOptions, useShopOptions } from './api/use-products';

type Props = EditFormProps<Product, ProductInput>;

const DEFAULTS: Partial<ProductInput> = {
  taxPercentage: 10,
  shippingType: 'direct_delivery',
  availableShipment: true,
  isDisplay: true,
  postingSupportStatus: 'supported',
  state: 'available',
};

export function ProductForm({ title, initial, submit, successMessage }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const [form] = Form.useForm<ProductInput>();
  const price = Form.useWatch('price', form);
  const taxPercentage = Form.useWatch('taxPercentage', form);
  const shopId = Form.useWatch('shopId', form);
  const makers = useMakerOptions();
  const shops = useShopOptions(!!user?.permissions.includes('settings.read'));
  const { onFinish, onValuesChange, saving, refusal } = useServerForm(form, submit, { message: successMessage, goTo: '/products' });
  const withTax = displayPriceWithTax(price, taxPercentage);
  const shopType = shops.find((s) => s.id === shopId)?.type ?? initial?.shopType;
  const text = (name: keyof ProductInput, label: string, max: number, id: string, required = false) => (
    <Form.Item name={name} label={label} required={required} rules={[maxLength(max)]}>
      <Input id={id} count={max >= 20 ? countOf(max) : undefined} />
    </Form.Item>
  );

  return (
    <Card title={title}>
      {refusal && <Alert type="error" showIcon message={refusal} style={{ marginBottom: 16 }} data-testid="form-refusal" />}
      <Form form={form} layout="vertical" style={{ maxWidth: 960 }} initialValues={initial ?? DEFAULTS} onFinish={onFinish} onValuesChange={onValuesChange}>
        {initial && (
          <Form.Item name="version" hidden>
            <Input />
          </Form.Item>
        )}
        <Row gutter={16}>
          <Col xs={24} md={12}>{text('productCode', t('products.productCode'), 50, 'product-code', true)}</Col>
          <Col xs={24} md={12}>{text('ownProductCode', t('products.ownProductCode'), 50, 'product-own-code')}</Col>
          <Col xs={24} md={12}>{text('ecProductCode', t('products.ecProductCode'), 70, 'product-ec-code')}</Col>
          <Col xs={24} md={12}>{text('makerProductCode', t('products.makerProductCode'), 50, 'product-maker-code')}</Col>
          <Col xs={24}>{text('productName', t('products.productName'), 100, 'product-name', true)}</Col>
          <Col xs={24} md={12}>
            <Form.Item name="shopId" label={t('products.shop')} required>
              <Select id="product-shop" showSearch optionFilterProp="label" options={shops.map((s) => ({ value: s.id, label: `${s.name} (${s.code})` }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="shopProductId"
              label={t('products.shopProductId')}
              extra={shopType ? t('products.shopProductIdHelp', { length: SHOP_PRODUCT_ID_DIGITS[shopType] }) : undefined}
              rules={[maxLength(Math.max(...Object.values(SHOP_PRODUCT_ID_DIGITS)))]}
            >
              <Input id="product-shop-product-id" inputMode="numeric" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="makerId" label={t('products.maker')} required>
              <Select id="product-maker" showSearch optionFilterProp="label" options={makers.map((m) => ({ value: m.id, label: `${m.name} (${m.code})` }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>{text('categoryName', t('products.categoryName'), 100, 'product-category')}</Col>
          <Col xs={12} md={6}>
            <Form.Item name="price" label={t('products.price')} required rules={[wholeNumber(PRODUCT_LIMITS.moneyMin, PRODUCT_LIMITS.moneyMax)]}>
              <InputNumber id="product-price" style={{ width: '100%' }} addonAfter="円" />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="taxPercentage" label={t('products.taxPercentage')} required rules={[wholeNumber(PRODUCT_LIMITS.taxPercentageMin, PRODUCT_LIMITS.taxPercentageMax)]}>
              <InputNumber id="product-tax-percentage" style={{ width: '100%' }} addonAfter="%" />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label={t('products.priceWithTax')} tooltip={t('products.priceWithTaxHelp')}>
              <Input id="product-price-with-tax" readOnly value={withTax === null ? '' : withTax.toLocaleString('ja-JP')} addonAfter="円" />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="wholesalePrice" label={t('products.wholesalePrice')} rules={[wholeNumber(PRODUCT_LIMITS.moneyMin, PRODUCT_LIMITS.moneyMax)]}>
              <InputNumber id="product-wholesale-price" style={{ width: '100%' }} addonAfter="円" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>{text('option1', t('products.option1'), 50, 'product-option1')}</Col>
          <Col xs={24} md={12}>{text('option2', t('products.option2'), 50, 'product-option2')}</Col>
          <Col xs={24} md={8}>
            <Form.Item name="shippingType" label={t('products.shippingType')} required>
              <Select id="product-shipping-type" options={SHIPPING_TYPES.map((s) => ({ value: s, label: t(`shippingTypes.${s}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>{text('estimateShipDate', t('products.estimateShipDate'), 50, 'product-estimate-ship-date')}</Col>
          <Col xs={24} md={8}>{text('deliveryCategory', t('products.deliveryCategory'), 3, 'product-delivery-category')}</Col>
          <Col xs={24} md={8}>
            <Form.Item name="state" label={t('products.state')}>
              <Select id="product-state" options={PRODUCT_STATES.map((s) => ({ value: s, label: t(`productStates.${s}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="postingSupportStatus" label={t('products.postingSupportStatus')}>
              <Select id="product-posting-support" options={POSTING_SUPPORT_STATUSES.map((s) => ({ value: s, label: t(`postingSupportStatuses.${s}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item name="availableShipment" label={t('products.availableShipment')} valuePropName="checked">
              <Switch id="product-available-shipment" />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item name="isDisplay" label={t('products.isDisplay')} valuePropName="checked">
              <Switch id="product-is-display" />
            </Form.Item>
          </Col>
        </Row>
        <Space>
          <Button type="primary" htmlType="submit" loading={saving} id="product-save">
            {t('common.save')}
          </Button>
          <Button onClick={() => navigate('/products')}>{t('common.cancel')}</Button>
        </Space>
      </Form>
    </Card>
  );
}
