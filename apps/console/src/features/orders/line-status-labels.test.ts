import ja from './i18n/ja.common.json';
import { LINE_STATUS_LABELS_JA, LINE_STATUS_NAMES, LINE_STATUSES } from './api/line-status';

describe('line status labels', () => {
  // The orders CSV (written by PostgreSQL from the domain's labels) names statuses as the console shows them.
  it('are the same in the domain (CSV exports) and in the Japanese console', () => {
    const consoleLabels = ja.orders.lineStatus as Record<string, string>;
    expect(Object.fromEntries(LINE_STATUSES.map((s) => [s, LINE_STATUS_LABELS_JA[s]]))).toEqual(Object.fromEntries(LINE_STATUSES.map((s) => [s, consoleLabels[LINE_STATUS_NAMES[s]]])));
  });
});
