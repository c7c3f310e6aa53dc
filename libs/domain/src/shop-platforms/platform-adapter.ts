import type { ShopType } from '../settings/settings';

/**
 * What every shop platform's adapter speaks (issue 17, docs/shop-platforms.md §4). One adapter per
 * platform (MakeShop, Color Me; 楽天 RMS would be a third): **each call is exactly one request to the
 * platform**, so the BullMQ limiter that runs the calls (one job per call) bounds the platform's request
 * rate for every worker at once. Adapters never throw: a failure is a value with a kind, which decides
 * retry, backoff, the connection's status and order errors the same way for every platform.
 */

/** The credentials of one shop on its platform, opened from their sealed form just for the call. */
export type PlatformCredentials =
  /** MakeShop: the shop id (the admin login id) and the order API's auth code (注文データ連携 認証コード). */
  | { platform: 'platform_1'; shopId: string; orderAuthCode: string }
  /** Color Me: the OAuth2 access token of the shop (never expires, no refresh token). */
  | { platform: 'platform_2'; accessToken: string };

/** Where the platform answers (the real one, or the local stand-in): from configuration. */
export interface PlatformEndpoint {
  apiBaseUrl: string;
  /** Color Me's OAuth server (authorize, token); unused by MakeShop. */
  authBaseUrl?: string;
}

/** Where an import run stands: owned by the adapter (its windows and offsets), stored by us as JSON. */
export type ImportCursor = Readonly<Record<string, unknown>>;

export interface PlatformPerson {
  name: string;
  kana: string | null;
  zip: string | null;
  /** Prefecture, city and street in one line (our orders keep one address line). */
  address: string | null;
  tel: string | null;
}

export interface PlatformDelivery extends PlatformPerson {
  ecDeliveryId: string;
  /** YYYY-MM-DD, or null. */
  preferredDate: string | null;
  /** The platform's own text ("午前中", "14時～16時"); mapped to our period code (readPreferredPeriod). */
  preferredPeriod: string | null;
  shipped: boolean;
  trackingNumber: string | null;
}

export interface PlatformLine {
  ecDeliveryId: string | null;
  /** The platform's product id: 12 digits on MakeShop (system product code), 9 on Color Me (SPEC §5). */
  productId: string | null;
  /** The shop's own product code (MakeShop 独自商品コード, Color Me model number): the second way to match. */
  productCode: string | null;
  name: string;
  /** The chosen options as the platform writes them ("カラー:赤 サイズ:S"). */
  options: string | null;
  quantity: number;
  /** Unit price with tax, in yen. */
  unitPriceWithTax: number;
  /** 10 or 8, when the platform says. */
  taxRate: number | null;
}

export interface PlatformOrder {
  ecOrderId: string;
  /** ISO 8601. */
  orderedAt: string;
  /** ISO 8601, when the platform keeps one (Color Me update_date); MakeShop's XML has none. */
  updatedAt: string | null;
  state: 'normal' | 'cancelled' | 'provisional';
  paid: boolean;
  /** The platform's payment code (MakeShop paymethod type, Color Me payment_id) and its name. */
  paymentMethod: { code: string; name: string };
  buyer: PlatformPerson & { email: string | null };
  /** Usually one; our order has one delivery address, so more becomes an order error. */
  deliveries: PlatformDelivery[];
  lines: PlatformLine[];
  /** In yen, tax included. */
  fees: { shipping: number; settlement: number; other: number; discount: number; pointsUsed: number };
  /** What the platform bills in all, in yen. */
  total: number;
  memo: string | null;
}

/** One page of an import run: its orders, and where the run goes on. */
export interface ChangedOrdersPage {
  orders: PlatformOrder[];
  /** The cursor of the next call: the next page of this run when `more`, else where the next run starts. */
  next: ImportCursor;
  more: boolean;
}

/**
 * The tracking of an order's shipments, sent back to the platform: the platform keeps one slip number per
 * delivery, so an order shipped by several makers sends every code so far, and is marked shipped only when
 * the last part has gone. Sending the same update again is harmless.
 */
export interface TrackingUpdate {
  ecOrderId: string;
  /** The platform's delivery (MakeShop delivery_id, Color Me sale_deliveries[].id), as the import read it. */
  ecDeliveryId: string | null;
  /** Every shipped part's code, comma-separated. */
  trackingNumber: string;
  /** Every part of the order has shipped: the delivery is marked shipped (else only its slip number is set). */
  complete: boolean;
  /** Our delivery company's name (MakeShop carrier; Color Me has no carrier field) and its tracking URL with the number in. */
  carrierName: string | null;
  trackingUrl: string | null;
}

/** Every failure the worker tells apart. */
export type PlatformErrorKind =
  /** Bad or revoked credentials, a missing scope: the connection needs staff (no retry). */
  | 'auth'
  /** The platform refused for frequency: retry later. */
  | 'rate_limited'
  /** Network error, 5xx, timeout: retry with backoff; shown on the connection's status. */
  | 'unavailable'
  /** The order or delivery does not exist on the platform (no retry). */
  | 'not_found'
  /** The platform refused the request's content (no retry). */
  | 'rejected'
  /** An answer we cannot read. */
  | 'protocol';

export interface PlatformError {
  kind: PlatformErrorKind;
  message: string;
  platformCode?: string;
  httpStatus?: number;
  retryAfterMs?: number;
}

export type PlatformResult<T> = { ok: true; value: T } | { ok: false; error: PlatformError };

/** How fast a platform may be called: the shared BullMQ limiter of its queue is built from this. */
export interface PlatformLimits {
  requestsPerInterval: number;
  intervalMs: number;
}

export interface ShopPlatformAdapter {
  readonly platform: ShopType;
  readonly limits: PlatformLimits;

  /** OAuth platforms only (Color Me): where to send staff's browser, and the code's exchange (one request). */
  readonly oauth?: {
    readonly scopes: readonly string[];
    authorizeUrl(endpoint: PlatformEndpoint, input: { clientId: string; redirectUri: string; state: string }): string;
    exchangeCode(
      endpoint: PlatformEndpoint,
      input: { clientId: string; clientSecret: string; redirectUri: string; code: string },
    ): Promise<PlatformResult<{ accessToken: string; scope: string | null }>>;
  };

  /** One cheap authenticated call; the shop's name on the platform when it says. */
  testConnection(creds: PlatformCredentials, endpoint: PlatformEndpoint): Promise<PlatformResult<{ shopName: string | null }>>;

  /** The cursor of a new connection: orders from `from` on. */
  initialCursor(from: Date): ImportCursor;

  /** One page (one request) of new and changed orders after the cursor; `now` freezes a run's upper bound. */
  fetchChangedOrders(creds: PlatformCredentials, endpoint: PlatformEndpoint, cursor: ImportCursor, now: Date): Promise<PlatformResult<ChangedOrdersPage>>;

  /** Sends one shipment's tracking number and marks the delivery shipped (one request). */
  sendTracking(creds: PlatformCredentials, endpoint: PlatformEndpoint, update: TrackingUpdate): Promise<PlatformResult<{ confirmedAt: string }>>;
}
