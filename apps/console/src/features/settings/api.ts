import { SHOP_SECRETS, SHOP_TYPES, type ShopSecret, PER_PAGE_MAX } from '@oms/domain';
import useSWR, { mutate } from 'swr';
import { api, swrFetcher, type ApiResult } from '../../api/client';
import type { Wire } from '../../api/wire';

export { SHOP_SECRETS, SHOP_TYPES, type ShopSecret };

/** A shop as the API answers it: its secrets only as set/masked. */
export type Shop = Wire<'ShopView'>;
export type DeliveryMethod = Wire<'DeliveryMethodView'>;
export type DeliveryCompany = Wire<'DeliveryCompanyView'>;
export type PaymentMethod = Wire<'PaymentMethodView'>;
/** The order setting (GET /settings/option). */
export type SettingsOption = Wire<'OptionView'>;
export type TimeShipment = Wire<'TimeShipmentView'>;

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

export function useList<T>(path: string, query: Record<string, string | number> = { perPage: PER_PAGE_MAX }) {
  const { data, isLoading } = useSWR([path, query], swrFetcher);
  return { rows: (data?.data ?? []) as T[], isLoading };
}

/**
 * The monthly timeline (GET /settings/time_shipments): its newest PER_PAGE_MAX months (the API sorts
 * by month, newest first; 200 months reach 16 years ahead), shared with the settings' list of it.
 * undefined while it loads; [] when `enabled` is false (the reader may not read settings) or it could
 * not be read.
 */
export function useTimeline(enabled: boolean): TimeShipment[] | undefined {
  const { data, error } = useSWR(enabled ? [PATHS.timeShipments, { perPage: PER_PAGE_MAX }] : null, swrFetcher);
  if (!enabled || error) return [];
  return data ? (data.data as TimeShipment[]) : undefined;
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
