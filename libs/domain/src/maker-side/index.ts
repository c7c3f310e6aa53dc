export * from './edi-stop';
export * from './order-sheet';
export * from './confirmation';
export * from './reminders';
