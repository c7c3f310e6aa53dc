/** Japan has one offset all year (no daylight saving). */
const JAPAN_OFFSET_MS = 9 * 60 * 60 * 1000;

/** The Japan date and time of a moment, `YYYY-MM-DDTHH:mm:ss` (file names and stamps people read in Japan time). */
export function japanDateTime(now: Date = new Date()): string {
  return new Date(now.getTime() + JAPAN_OFFSET_MS).toISOString().slice(0, 19);
}

/** Business dates are Japan's (Asia/Tokyo, no daylight saving): "today" for an order is today in Japan. */
export function japanToday(now: Date = new Date()): string {
  return japanDateTime(now).slice(0, 10);
}
