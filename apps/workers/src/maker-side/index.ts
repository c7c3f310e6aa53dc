import { OrderSheetsProcessor } from './order-sheets.processor';
import { RemindersProcessor } from './reminders.processor';

/** The maker side's queues: order sheets to makers, and the reminders of unanswered ones. */
export const MAKER_SIDE_PROCESSORS = [OrderSheetsProcessor, RemindersProcessor];
