import { addDays } from '../calendar/business-days';

/** What a maker is reminded of: an order not answered, or one not shipped. */
export type ReminderKind = 'confirm' | 'ship';

export interface ReminderSettings {
  readonly orderReminderDays: number | null;
  readonly orderReminderHour: number | null;
  readonly shipReminderDays: number | null;
  readonly shipReminderHour: number | null;
}

/** One daily run per kind at the shop's hour (Japan time), when the shop sets both days and hour. */
export interface ReminderSchedule {
  readonly kind: ReminderKind;
  readonly days: number;
  readonly hour: number;
}

export function reminderSchedules(shop: ReminderSettings): ReminderSchedule[] {
  const schedules: ReminderSchedule[] = [];
  if (shop.orderReminderDays && shop.orderReminderHour !== null) schedules.push({ kind: 'confirm', days: shop.orderReminderDays, hour: shop.orderReminderHour });
  if (shop.shipReminderDays && shop.shipReminderHour !== null) schedules.push({ kind: 'ship', days: shop.shipReminderDays, hour: shop.shipReminderHour });
  return schedules;
}

/** A cron pattern for BullMQ's scheduler, read in Asia/Tokyo: minute 0 of the hour, every day. */
export const reminderCron = (hour: number) => `0 0 ${hour} * * *`;

/**
 * Which makers' parts are due on `today` (Japan date):
 * - confirm: first sent a sheet on or before `today − days` and still not answered;
 * - ship: received (not refused) but not shipped, and the estimated ship date has passed, or (no date was
 *   given: 'ship date undecided') received on or before `today − days`.
 */
export interface ReminderCutoffs {
  readonly sentOnOrBefore?: string;
  readonly estimatedShipBefore?: string;
  readonly receivedOnOrBefore?: string;
}

export function reminderCutoffs(kind: ReminderKind, days: number, today: string): ReminderCutoffs {
  return kind === 'confirm'
    ? { sentOnOrBefore: addDays(today, -days) }
    : { estimatedShipBefore: today, receivedOnOrBefore: addDays(today, -days) };
}

export function isReminderDue(
  kind: ReminderKind,
  part: { firstSheetSentOn: string | null; makerReceiveDate: string | null; estimatedShipDate: string | null; shipDate: string | null; confirmStatus: number | null },
  days: number,
  today: string,
): boolean {
  const cut = reminderCutoffs(kind, days, today);
  // A refusal is an answer (it records no receive date): staff act on it, the maker is not asked again.
  if (kind === 'confirm') return part.firstSheetSentOn !== null && part.makerReceiveDate === null && part.confirmStatus !== 3 && part.firstSheetSentOn <= cut.sentOnOrBefore!;
  // A maker that refused has nothing to ship.
  if (part.makerReceiveDate === null || part.shipDate !== null || part.confirmStatus === 3) return false;
  return part.estimatedShipDate !== null ? part.estimatedShipDate < cut.estimatedShipBefore! : part.makerReceiveDate <= cut.receivedOnOrBefore!;
}
export const REMINDER_KINDS: readonly ReminderKind[] = ['confirm', 'ship'];
