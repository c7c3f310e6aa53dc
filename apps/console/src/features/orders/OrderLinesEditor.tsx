import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Col, Form, Input, InputNumber, Row, Select, Typography, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { maxLength, wholeNumber } from '../../common/field-rules';
import { useMakerOptions } from '../../common/use-options';
import { errorMessage } from '../../i18n';
import type { Product } from '../products/api/product';
import { ORDER_LIMITS } from './api/order';
import { yen } from './format';
import { ProductSelect } from './ProductSelect';

/** A line as the form holds it; the product's label is kept for editing. */
export interface LineValues {
  id?: string;
  productId?: string | null;
  productLabel?: string;
  productName?: string | null;
  makerId?: string | null;
  amount?: number | null;
  priceWithTax?: number | null;
  taxPercentage?: number | null;
  wholesalePrice?: number | null;
  makerShippingFee?: number | null;
  option1?: string | null;
  option2?: string | null;
}

/**
 * The order's lines (1–100): a product picked from the catalogue fills the line's defaults (name,
 * maker, price with tax, tax rate, wholesale price, options), or a free product name with its maker.
 */
export function OrderLinesEditor({ form }: { form: FormInstance }) {
  const { t } = useTranslation();
  const makers = useMakerOptions();
  const lines = (Form.useWatch('lines', form) ?? []) as LineValues[];
  const required = { required: true, message: errorMessage('required') };

  const pick = (index: number, product: Product) => {
    const line = (form.getFieldValue(['lines', index]) ?? {}) as LineValues;
    form.setFieldValue(['lines', index], {
      ...line,
      productId: String(product.id),
      productLabel: `${product.productCode} ${product.productName}`,
      productName: product.productName,
      makerId: String(product.makerId),
      priceWithTax: product.priceWithTax,
      taxPercentage: product.taxPercentage,
      wholesalePrice: product.wholesalePrice,
      option1: product.option1,
      option2: product.option2,
    });
  };

  const money = (name: (string | number)[], label: string, id: string, rules: object[] = []) => (
    <Form.Item name={name} label={label} rules={[...rules, wholeNumber(0, ORDER_LIMITS.moneyMax)]}>
      <InputNumber id={id} style={{ width: '100%' }} />
    </Form.Item>
  );

  return (
    <Form.List name="lines">
      {(fields, { add, remove }) => (
        <>
          {fields.map((field, index) => {
            const line = lines[index] ?? {};
            const subtotal = line.priceWithTax != null && line.amount ? line.priceWithTax * line.amount : null;
            return (
              <Card
                key={field.key}
                size="small"
                type="inner"
                style={{ marginBottom: 12 }}
                title={t('orders.form.lineTitle', { number: index + 1 })}
                data-testid={`line-${index}`}
                extra={
                  <>
                    <Typography.Text type="secondary" style={{ marginRight: 12 }}>
                      {t('orders.fields.subtotal')}: {yen(subtotal)}
                    </Typography.Text>
                    {fields.length > 1 && <Button size="small" danger icon={<DeleteOutlined />} onClick={() => remove(field.name)} id={`line-${index}-remove`} />}
                  </>
                }
              >
                <Form.Item name={[field.name, 'id']} hidden>
                  <Input />
                </Form.Item>
                <Form.Item name={[field.name, 'productLabel']} hidden>
                  <Input />
                </Form.Item>
                <Row gutter={12}>
                  <Col xs={24} md={12}>
                    <Form.Item name={[field.name, 'productId']} label={t('orders.fields.product')}>
                      <ProductSelect id={`line-${index}-productId`} initialLabel={line.productLabel} onPick={(p) => pick(index, p)} />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item name={[field.name, 'productName']} label={t('orders.fields.productName')} rules={[required, maxLength(ORDER_LIMITS.productNameMax)]}>
                      <Input id={`line-${index}-productName`} />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={8}>
                    <Form.Item name={[field.name, 'makerId']} label={t('orders.fields.maker')} rules={[required]}>
                      <Select
                        id={`line-${index}-makerId`}
                        showSearch={{ optionFilterProp: 'label' }}
                        options={makers.map((m) => ({ value: String(m.id), label: `${m.name} (${m.code})` }))}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={4}>
                    <Form.Item name={[field.name, 'amount']} label={t('orders.fields.amount')} rules={[required, wholeNumber(1, ORDER_LIMITS.moneyMax)]}>
                      <InputNumber id={`line-${index}-amount`} style={{ width: '100%' }} />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={4}>{money([field.name, 'priceWithTax'], t('orders.fields.priceWithTax'), `line-${index}-priceWithTax`, [required])}</Col>
                  <Col xs={12} md={4}>
                    <Form.Item name={[field.name, 'taxPercentage']} label={t('orders.fields.taxPercentage')} rules={[required, wholeNumber(0, ORDER_LIMITS.taxPercentageMax)]}>
                      <InputNumber id={`line-${index}-taxPercentage`} style={{ width: '100%' }} />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={4}>{money([field.name, 'wholesalePrice'], t('orders.fields.wholesalePrice'), `line-${index}-wholesalePrice`)}</Col>
                  <Col xs={12} md={6}>{money([field.name, 'makerShippingFee'], t('orders.fields.makerShippingFee'), `line-${index}-makerShippingFee`)}</Col>
                  <Col xs={12} md={9}>
                    <Form.Item name={[field.name, 'option1']} label={t('orders.fields.option1')} rules={[maxLength(ORDER_LIMITS.optionMax)]}>
                      <Input id={`line-${index}-option1`} />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={9}>
                    <Form.Item name={[field.name, 'option2']} label={t('orders.fields.option2')} rules={[maxLength(ORDER_LIMITS.optionMax)]}>
                      <Input id={`line-${index}-option2`} />
                    </Form.Item>
                  </Col>
                </Row>
              </Card>
            );
          })}
          {fields.length < ORDER_LIMITS.linesMax && (
            <Button icon={<PlusOutlined />} onClick={() => add({ amount: 1, taxPercentage: 10, makerShippingFee: 0 })} id="line-add">
              {t('orders.form.addLine')}
            </Button>
          )}
        </>
      )}
    </Form.List>
  );
}
