import { japanDateTime, japanToday } from '@oms/domain';

/** A date as mails to makers write it: 2026/11/22; one not given yet is 未定 (undecided). */
export const slashedDate = (date: string | null): string => (date ? date.replace(/-/g, '/') : '未定');

/** The Japan date of a moment, as mails write it. */
export const slashedJapanDate = (moment: Date): string => slashedDate(japanToday(moment));

/** The Japan date and minute of a moment, as mails write it: 2026/11/22 14:05. */
export const slashedJapanDateTime = (moment: Date): string => `${slashedJapanDate(moment)} ${japanDateTime(moment).slice(11, 16)}`;
