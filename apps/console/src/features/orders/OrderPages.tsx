import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { createOrder, updateOrder } from './api/save-order';
import { useStaffOrder } from './api/use-orders';
import { newOrderValues, orderToFormValues } from './order-form-values';
import { OrderForm } from './OrderForm';

/** A new order; `?branchOf=<id>` makes it a branch of that order (same number, next branch), starting from its header. */
export function OrderCreatePage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const branchOf = search.get('branchOf') ?? undefined;
  const { order } = useStaffOrder(branchOf);
  if (branchOf && !order) return <Spin />;
  return (
    <OrderForm
      key={branchOf ?? 'new'}
      title={t(branchOf ? 'orders.branchTitle' : 'orders.createTitle')}
      initial={order ? { ...newOrderValues(), ...orderToFormValues(order, false) } : newOrderValues()}
      submit={createOrder}
      successMessage={t('orders.created')}
      branchOfOrderId={branchOf}
      backTo={branchOf ? `/orders/${branchOf}` : '/orders'}
    />
  );
}

export function OrderEditPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const { order, mutate } = useStaffOrder(id);
  if (!order) return <Spin />;
  return (
    <OrderForm
      // A reloaded order (a new version) starts the form over from it.
      key={`${order.id}-${order.version}`}
      onReload={() => void mutate()}
      title={t('orders.editTitle')}
      initial={orderToFormValues(order)}
      submit={(input) => updateOrder(order.id, input)}
      successMessage={t('orders.updated')}
      backTo={`/orders/${order.id}`}
    />
  );
}
