import { SHOP_SECRETS, SHOP_TYPES, type ShopSecret } from '@oms/domain';
import useSWR, { mutate } from 'swr';
import { api, swrFetcher, type ApiResult } from '../../api/client';

export { SHOP_SECRETS, SHOP_TYPES, type ShopSecret };

export interface Shop {
  id: number;
  name: string;
  code: string;
  type: (typeof SHOP_TYPES)[number];
  ecShopId: string | null;
  adminUrl: string | null;
  ownerUserId: number | null;
  npLimitAmount: number | null;
  ediStopAmount: number | null;
  orderReminderDays: number | null;
  orderReminderHour: number | null;
  shipReminderDays: number | null;
  shipReminderHour: number | null;
  /** How makers reach the shop: printed on its order sheets; the e-mail is the Reply-To of mails to makers. */
  contactCompany: string | null;
  contactPerson: string | null;
  contactPhone: string | null;
  contactFax: string | null;
  contactEmail: string | null;
  ecPasswordSet: boolean;
  ecPasswordMasked: string;
  productAuthCodeSet: boolean;
  productAuthCodeMasked: string;
  orderAuthCodeSet: boolean;
  orderAuthCodeMasked: string;
  memberAuthCodeSet: boolean;
  memberAuthCodeMasked: string;
  version: number;
}

export interface DeliveryMethod {
  id: number;
  name: string;
  version: number;
}

export interface DeliveryCompany extends DeliveryMethod {
  trackingUrl: string | null;
}

export interface PaymentMethod {
  id: number;
  code: string;
  nameJa: string;
  nameEn: string;
  isPostpaid: boolean;
  businessOnly: boolean;
  feeWithTax: number | null;
  limitAmount: number | null;
}

export interface SettingsOption {
  companyName: string | null;
  zip: string | null;
  address: string | null;
  phone: string | null;
  invoiceRegistrationNumber: string | null;
  defaultTaxPercent: number;
  bankAccount: string | null;
  version: number;
}

export interface TimeShipment {
  id: number;
  month: string;
  startDate: string;
  finishDate: string;
  version: number;
}

export const PATHS = {
  shops: '/shops',
  deliveryMethods: '/delivery_methods',
  deliveryCompanies: '/delivery_companies',
  payments: '/payments/search',
  option: '/settings/option',
  timeShipments: '/settings/time_shipments',
} as const;

/** Every list of a path (any query) reloads after a change to it. */
export const reload = (path: string) => mutate((key) => (Array.isArray(key) ? key[0] === path : typeof key === 'string' && key.startsWith(path)));

export function useList<T>(path: string, query: Record<string, string | number> = { perPage: 200 }) {
  const { data, isLoading } = useSWR([path, query], swrFetcher);
  return { rows: (data?.data ?? []) as T[], isLoading };
}

export function useOption() {
  const { data } = useSWR(PATHS.option, swrFetcher);
  return data?.data as SettingsOption | undefined;
}

/** POST without an id, PUT with one; the path's lists reload on success. */
export async function save<T>(path: string, id: number | undefined, body: object): Promise<ApiResult<T>> {
  const result = id === undefined ? await api.post<T>(path, body) : await api.put<T>(`${path}/${id}`, body);
  if (result.ok) await reload(path);
  return result;
}

export async function saveOption(body: object): Promise<ApiResult<SettingsOption>> {
  const result = await api.put<SettingsOption>(PATHS.option, body);
  if (result.ok) await reload(PATHS.option);
  return result;
}

export async function remove(path: string, id: number) {
  const result = await api.delete<void>(`${path}/${id}`);
  if (result.ok) await reload(path);
  return result;
}
