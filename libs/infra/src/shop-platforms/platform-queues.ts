import type { ShopType } from '@oms/domain';
import type { QueueName } from '../queues/queues';

/**
 * Every request to a platform runs as one job of its platform's queue, whose BullMQ limiter (from the
 * adapter's limits) is shared by every worker process: the platform's rate is never passed, however many
 * workers run (docs/decisions.md "Shop platforms").
 */
export const SHOP_CALLS_QUEUE = { platform_1: 'shop-calls-makeshop', platform_2: 'shop-calls-colorme' } as const satisfies Record<ShopType, QueueName>;

/** The jobs of a platform queue, each one platform request. */
export const SHOP_CALL = { importPage: 'import-page', sendTracking: 'send-tracking', testConnection: 'test-connection' } as const;

/** Staff waiting on a test go first, then tracking, then the import's pages (a long run does not hold the others up). */
export const SHOP_CALL_PRIORITY = { test: 1, tracking: 2, import: 5 } as const;

export interface ImportPageJob {
  shopId: string;
  /** Why the run started (shown in the logs). */
  trigger: 'schedule' | 'fetch-now' | 'next-page';
}

export interface SendTrackingJob {
  orderId: string;
  makerId: string;
}

export interface TestConnectionJob {
  shopId: string;
}

/** What a test of the connection answers (the API waits for it). */
export type TestConnectionOutcome = { ok: true; shopName: string | null } | { ok: false; kind: string; message: string };

// No colons: BullMQ reads colon-separated keys as the old repeatable-job format.
export const importSchedulerId = (shopId: string) => `shop-import-${shopId}`;
/** One import chain per shop and cursor position: a page asked twice (schedule and fetch-now at once) is one job. */
export const importPageJobId = (shopId: string, cursorKey: string) => `shop-import-${shopId}-page-${cursorKey}`;
/** One job per part and code given (`generation`: when the code was set), so an event delivered again queues nothing new. */
export const sendTrackingJobId = (orderId: string, makerId: string, generation: string) => `shop-tracking-${orderId}-${makerId}-${generation}`;
