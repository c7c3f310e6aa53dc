import useSWR from 'swr';
import { api, swrFetcher, type ApiResult } from '../../api/client';
import type { AnswerOf, BodyOf, Wire } from '../../api/wire';
import i18n from '../../i18n';

/** A shop's connection to its platform (GET /shops/{id}/connection): status, last run, schedule; never a credential. */
export type ShopConnection = Wire<'ShopConnectionView'>;
export type ShopConnectionStatus = ShopConnection['status'];
export type ShopConnectionInput = BodyOf<'/shops/{id}/connection', 'put'>;
export type PaymentMapping = Wire<'PaymentMappingView'>;
export type PaymentMappingsInput = BodyOf<'/shops/{id}/connection/payment-mappings', 'put'>;
/** What a test of the connection found: ok with the platform's shop name (MakeShop tells none), or the kind of failure and its message. */
export type ConnectionTest = AnswerOf<'/shops/{id}/connection/test', 'post'>;

export const connectionPath = (shopId: string | number) => `/shops/${shopId}/connection`;
export const mappingsPath = (shopId: string | number) => `${connectionPath(shopId)}/payment-mappings`;

/** The console's page of a shop's connection (the Color Me callback comes back here too). */
export const connectionScreen = (shopId: string | number) => `/settings/shops/${shopId}/connection`;

/**
 * The connection, read again every `pollMs` while that is set (a run going on): the page sees a run
 * that 'fetch now' started end without a reload.
 */
export function useShopConnection(shopId: string, pollMs?: number) {
  // Each poll a fresh read (SWR would otherwise answer reads within 2 s of the last from it).
  const { data, error, mutate: reload } = useSWR(connectionPath(shopId), swrFetcher, { refreshInterval: pollMs ?? 0, ...(pollMs ? { dedupingInterval: pollMs } : {}) });
  return { connection: data?.data as ShopConnection | undefined, error: error as unknown, reload: () => reload() };
}

/** A credential the platform needs (ec_shop_id, order_auth_code, authorization) by its label. */
export const missingLabel = (item: string) => i18n.t(`settings.connection.missing.${item}`, { defaultValue: item });

/** NAL-SHOP-004 names what the shop lacks by the API's names: its message shows their labels. */
function namingMissing<T>(result: ApiResult<T>): ApiResult<T> {
  if (result.ok || result.error.errorCode !== 'NAL-SHOP-004' || typeof result.error.params?.missing !== 'string') return result;
  const missing = result.error.params.missing.split(/,\s*/).map(missingLabel).join('、');
  return { ...result, error: { ...result.error, params: { ...result.error.params, missing } } };
}

/** The import's schedule at the version read (NAL-SHOP-003 when someone saved since). */
export const saveShopConnection = async (shopId: string, body: ShopConnectionInput) => namingMissing(await api.put<ShopConnection>(connectionPath(shopId), body));

/** Calls the platform with the shop's credentials (through the workers' queue of the platform, so it may take a while). */
export const testShopConnection = async (shopId: string) => namingMissing(await api.post<ConnectionTest>(`${connectionPath(shopId)}/test`));

/** Starts an import run now (202); the workers take it in the platform's turn. */
export const fetchShopOrdersNow = async (shopId: string) => namingMissing(await api.post<ShopConnection>(`${connectionPath(shopId)}/fetch-now`));

/** Color Me: the platform's page where staff approve the access. */
export const startShopAuthorization = (shopId: string) => api.post<AnswerOf<'/shops/{id}/connection/authorization', 'post'>>(`${connectionPath(shopId)}/authorization`);

/** The shop's payment codes (those imports met come in unmapped) and our payment method of each. */
export function usePaymentMappings(shopId: string) {
  const { data, error, mutate } = useSWR(mappingsPath(shopId), swrFetcher);
  return {
    mappings: data?.data as PaymentMapping[] | undefined,
    error: error as unknown,
    /** The table as a save answered it. */
    replace: (saved: PaymentMapping[]) => mutate({ data: saved }, { revalidate: false }),
  };
}

/** Saves the whole table (codes left out are removed). */
export const savePaymentMappings = (shopId: string, body: PaymentMappingsInput): Promise<ApiResult<PaymentMapping[]>> => api.put<PaymentMapping[]>(mappingsPath(shopId), body);
