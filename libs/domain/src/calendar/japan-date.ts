/** Business dates are Japan's (Asia/Tokyo, no daylight saving): "today" for an order is today in Japan. */
export function japanToday(now: Date = new Date()): string {
  return new Date(now.getTime() + 9 * 60 * 60 * 1000).toISOString().slice(0, 10);
}
