export * from './mail-template.repository';
export * from './shipment-notices';
