export * from './order-errors';
export * from './confirm-links';
export * from './order-sheets.repository';
export * from './reminder.queries';
