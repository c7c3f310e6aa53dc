import { DeliveryCompanyEntity, DeliveryMethodEntity } from '../database/entities/delivery.entity';
import { PaymentMethodEntity, SettingsOptionEntity } from '../database/entities/settings-option.entity';
import { ShopEntity } from '../database/entities/shop.entity';
import { TimeShipmentEntity } from '../database/entities/time-shipment.entity';

export { DeliveryCompanyEntity, DeliveryMethodEntity, PaymentMethodEntity, SettingsOptionEntity, ShopEntity, TimeShipmentEntity };

/** The settings area's entities, added to ENTITIES. */
export const SETTINGS_ENTITIES = [ShopEntity, DeliveryMethodEntity, DeliveryCompanyEntity, PaymentMethodEntity, SettingsOptionEntity, TimeShipmentEntity];
