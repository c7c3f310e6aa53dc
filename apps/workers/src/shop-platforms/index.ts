import { ShopPlatformCallsProcessor } from './shop-platform-calls.processor';
import { ShopPlatformSyncProcessor } from './shop-platform-sync.processor';

/** The shop platforms' processors: what the system tells the platforms, and the calls to them. */
export const SHOP_PLATFORM_PROCESSORS = [ShopPlatformSyncProcessor, ShopPlatformCallsProcessor];
