import { Module } from '@nestjs/common';
import { APP_CONFIG, AppConfig, SecretBox, ShopConnectionRepository, shopPlatformAdapters } from '@oms/infra';
import { DataSource } from 'typeorm';
import { PlatformCalls } from './platform-calls.service';
import {
  FetchShopOrdersNowHandler,
  FinishShopAuthorizationHandler,
  GetPaymentMappingsHandler,
  GetShopConnectionHandler,
  SavePaymentMappingsHandler,
  SaveShopConnectionHandler,
  SHOP_PLATFORM_ADAPTERS,
  StartShopAuthorizationHandler,
  TestShopConnectionHandler,
} from './shop-connection-handlers';
import { ShopAuthorizationCallbackController, ShopConnectionsController } from './shop-platforms.controller';

/** Shop platforms (issue 17): each shop's connection; the imports and tracking run in the workers. */
@Module({
  controllers: [ShopConnectionsController, ShopAuthorizationCallbackController],
  providers: [
    { provide: ShopConnectionRepository, inject: [DataSource], useFactory: (ds: DataSource) => new ShopConnectionRepository(ds) },
    { provide: SecretBox, inject: [APP_CONFIG], useFactory: (config: AppConfig) => SecretBox.fromConfig(config) },
    { provide: SHOP_PLATFORM_ADAPTERS, inject: [APP_CONFIG], useFactory: (config: AppConfig) => shopPlatformAdapters(config) },
    PlatformCalls,
    GetShopConnectionHandler, SaveShopConnectionHandler, TestShopConnectionHandler, FetchShopOrdersNowHandler,
    StartShopAuthorizationHandler, FinishShopAuthorizationHandler, GetPaymentMappingsHandler, SavePaymentMappingsHandler,
  ],
})
export class ShopPlatformsModule {}
