export * from './settings-entities';
export * from './shop.repository';
export * from './delivery.repository';
export * from './settings.repository';
