import { missingCredentials, type PaymentMappingRow, type ShopConnectionRow } from '@oms/infra';

/** A shop's platform connection as staff see it: never a credential, only whether each is there. */
export function shopConnectionView(c: ShopConnectionRow, oauthAvailable: boolean) {
  return {
    shopId: Number(c.shopId),
    shopName: c.shopName,
    /** platform_1 MakeShop, platform_2 Color Me (the shop's type). */
    platform: c.platform,
    /** not_connected, ok, failing (the last call failed: last_error says why), reauthorize (the platform refused the credentials). */
    status: c.status,
    /** What the platform needs that the shop lacks: ec_shop_id, order_auth_code (MakeShop, on the shop), authorization (Color Me). */
    missingCredentials: missingCredentials(c),
    /** Color Me: the OAuth application is configured, so staff can authorize. */
    oauthAvailable: c.platform === 'platform_2' && oauthAvailable,
    authorizedAt: c.authorizedAt?.toISOString() ?? null,
    importEnabled: c.importEnabled,
    importIntervalMinutes: c.importIntervalMinutes,
    importFrom: c.importFrom,
    lastError: c.lastError,
    lastErrorAt: c.lastErrorAt?.toISOString() ?? null,
    lastRun: {
      startedAt: c.lastRunStartedAt?.toISOString() ?? null,
      /** null while a run is going on (or before the first). */
      finishedAt: c.lastRunFinishedAt && c.lastRunStartedAt && c.lastRunFinishedAt >= c.lastRunStartedAt ? c.lastRunFinishedAt.toISOString() : null,
      imported: c.lastRunImported,
      updated: c.lastRunUpdated,
      /** Orders the platform changed after work on them began (an order error each). */
      flagged: c.lastRunErrors,
    },
    version: c.version,
  };
}
export type ShopConnectionView = ReturnType<typeof shopConnectionView>;

export function paymentMappingView(m: PaymentMappingRow) {
  return { ecPaymentCode: m.ecPaymentCode, ecPaymentName: m.ecPaymentName, paymentMethodId: m.paymentMethodId };
}
export type PaymentMappingView = ReturnType<typeof paymentMappingView>;

/** What a test of the connection found. */
export function connectionTestView(outcome: { ok: true; shopName: string | null } | { ok: false; kind: string; message: string }) {
  return outcome.ok
    ? { ok: true, shopName: outcome.shopName, kind: null, message: null }
    : { ok: false, shopName: null, kind: outcome.kind, message: outcome.message };
}
