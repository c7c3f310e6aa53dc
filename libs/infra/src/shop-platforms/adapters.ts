import type { PlatformEndpoint, ShopPlatformAdapter, ShopType } from '@oms/domain';
import type { AppConfig } from '../config/config';
import { ColorMeAdapter } from './colorme.adapter';
import { MakeShopAdapter } from './makeshop.adapter';

/** One adapter per platform, configured (the platform's addresses, timeouts). A third platform is one more entry. */
export function shopPlatformAdapters(config: AppConfig): Record<ShopType, ShopPlatformAdapter> {
  return {
    platform_1: new MakeShopAdapter({ timeoutMs: config.SHOP_PLATFORM_TIMEOUT_MS, lookbackDays: config.MAKESHOP_LOOKBACK_DAYS, serviceName: 'oms' }),
    platform_2: new ColorMeAdapter({ timeoutMs: config.SHOP_PLATFORM_TIMEOUT_MS }),
  };
}

/** Where a platform answers: the real one by default, the local stand-in under `npm start` and the tests. */
export function platformEndpoint(config: AppConfig, platform: ShopType): PlatformEndpoint {
  return platform === 'platform_1'
    ? { apiBaseUrl: config.MAKESHOP_API_BASE_URL }
    : { apiBaseUrl: config.COLORME_API_BASE_URL, authBaseUrl: config.COLORME_AUTH_BASE_URL };
}
