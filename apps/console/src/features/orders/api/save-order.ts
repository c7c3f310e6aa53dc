import { mutate } from 'swr';
import { api } from '../../../api/client';
import { Order, OrderInput, ORDERS_PATH } from './order';


/** Every cached read of the orders (the form leaves for the detail page, which reloads anyway). */
const revalidateOrders = () => mutate((key) => {
  const path = Array.isArray(key) ? key[0] : key;
  return typeof path === 'string' && path.startsWith(ORDERS_PATH);
});

export async function createOrder(input: OrderInput) {
  const result = await api.post<Order>(ORDERS_PATH, input);
  if (result.ok) await revalidateOrders();
  return result;
}

export async function updateOrder(id: string, input: OrderInput) {
  const result = await api.put<Order>(`${ORDERS_PATH}/${id}`, input);
  if (result.ok) await revalidateOrders();
  return result;
}
