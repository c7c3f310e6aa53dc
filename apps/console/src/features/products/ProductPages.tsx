import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { createProduct, updateProduct } from './api/save-product';
import { useProduct } from './api/use-products';
import { ProductForm } from './ProductForm';

export function ProductCreatePage() {
  const { t } = useTranslation();
  return <ProductForm title={t('products.createTitle')} submit={createProduct} successMessage={t('products.created')} />;
}

export function ProductEditPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const { product } = useProduct(id);
  if (!product) return <Spin />;
  return <ProductForm title={t('products.editTitle')} initial={product} submit={(values) => updateProduct(product.id, values)} successMessage={t('products.updated')} />;
}
