import { Module } from '@nestjs/common';
import {
  APP_CONFIG,
  AppConfig,
  DeliveryCompanyRepository,
  DeliveryMethodRepository,
  SecretBox,
  SettingsOptionRepository,
  ShopRepository,
  TimeShipmentRepository,
} from '@oms/infra';
import { DataSource } from 'typeorm';
import { DELIVERY_HANDLERS } from './delivery-handlers';
import { OPTION_HANDLERS } from './option-handlers';
import { DeliveryCompaniesController, DeliveryMethodsController, PaymentsController, SettingsController, ShopsController } from './settings.controllers';
import { SHOP_HANDLERS } from './shop-handlers';

const repository = <T>(type: new (ds: DataSource) => T) => ({ provide: type, inject: [DataSource], useFactory: (ds: DataSource) => new type(ds) });

/** Settings: shops (secrets sealed with SecretBox), delivery methods and companies, payment methods, the order setting, the monthly timeline. */
@Module({
  controllers: [ShopsController, DeliveryMethodsController, DeliveryCompaniesController, PaymentsController, SettingsController],
  providers: [
    repository(ShopRepository),
    repository(DeliveryMethodRepository),
    repository(DeliveryCompanyRepository),
    repository(SettingsOptionRepository),
    repository(TimeShipmentRepository),
    { provide: SecretBox, inject: [APP_CONFIG], useFactory: (config: AppConfig) => SecretBox.fromConfig(config) },
    ...SHOP_HANDLERS,
    ...DELIVERY_HANDLERS,
    ...OPTION_HANDLERS,
  ],
  exports: [ShopRepository],
})
export class SettingsModule {}
