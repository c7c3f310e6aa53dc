import { ChildProcess } from 'node:child_process';
import { createServer, AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { startProcess, stopProcess } from './child-process';

/**
 * The local stand-ins for the shop platforms (apps/devstack/src/*-standin.mjs), each started in a child
 * process on a free port, as `npm start` runs them. Both speak the same control API under `/__standin/`
 * (seed orders, change one, schedule an outage, read what the platform was asked), so the tests drive
 * either platform the same way.
 */
export type StandinPlatform = 'makeshop' | 'colorme';

/** An order to seed, in neutral terms; each stand-in writes it as its platform would. */
export interface StandinOrderSeed {
  ecOrderId?: string;
  /** ISO 8601; default now. */
  orderedAt?: string;
  buyerName?: string;
  buyerKana?: string;
  email?: string;
  tel?: string;
  zip?: string;
  address?: string;
  /** The platform's payment code (MakeShop paymethod type, Color Me payment id). */
  paymentCode?: string;
  paymentName?: string;
  shippingFee?: number;
  settlementFee?: number;
  preferredDate?: string | null;
  preferredPeriod?: string | null;
  lines: { productId: string | null; productCode?: string | null; name: string; quantity: number; unitPrice: number }[];
}

export interface StandinStats {
  /** Requests to the platform's API (the control API aside). */
  requests: number;
  /** Requests over the platform's rate limit (or, for MakeShop, while another was in flight). */
  violations: number;
  maxConcurrent: number;
  /** Every tracking update the platform accepted, in order. */
  trackingUpdates: { ecOrderId: string; ecDeliveryId: string; trackingNumber: string }[];
}

export interface ShopStandin {
  platform: StandinPlatform;
  /** The API's base URL (MAKESHOP_API_BASE_URL / COLORME_API_BASE_URL and COLORME_AUTH_BASE_URL). */
  url: string;
  control<T = unknown>(method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown): Promise<T>;
  stop(): Promise<void>;
}

const SCRIPTS: Record<StandinPlatform, string> = {
  makeshop: resolve(__dirname, '../../../devstack/src/makeshop-standin.mjs'),
  colorme: resolve(__dirname, '../../../devstack/src/colorme-standin.mjs'),
};

/** Starts a stand-in on a free port; `env` configures it (see the script's head). */
export async function startShopStandin(platform: StandinPlatform, env: Record<string, string> = {}): Promise<ShopStandin> {
  const port = await freePort();
  const child: ChildProcess = await startProcess(process.execPath, [SCRIPTS[platform]], /STANDIN_READY \S+/, {
    env: { ...process.env, STANDIN_PORT: String(port), STANDIN_HOST: '127.0.0.1', ...env },
  });
  const url = `http://127.0.0.1:${port}`;
  return {
    platform,
    url,
    async control<T>(method: string, path: string, body?: unknown): Promise<T> {
      const res = await fetch(`${url}/__standin${path}`, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`stand-in ${method} ${path}: ${res.status} ${text}`);
      return (text ? JSON.parse(text) : undefined) as T;
    },
    stop: () => stopProcess(child),
  };
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolvePort(port));
    });
  });
}
