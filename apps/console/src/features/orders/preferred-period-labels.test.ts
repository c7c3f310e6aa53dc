import en from './i18n/en.common.json';
import ja from './i18n/ja.common.json';
import { PREFERRED_PERIOD_LABELS_JA, PREFERRED_PERIOD_NAMES, PREFERRED_PERIODS } from './api/preferred-period';

describe('preferred period labels', () => {
  // Order sheets and the maker's CSV print the domain's labels: the console shows the same ones.
  it('are the same in the domain (order sheets, CSV files) and in the Japanese console', () => {
    const consoleLabels = ja.orders.preferredPeriod as Record<string, string>;
    expect(PREFERRED_PERIODS.map((p) => consoleLabels[PREFERRED_PERIOD_NAMES[p]])).toEqual(PREFERRED_PERIODS.map((p) => PREFERRED_PERIOD_LABELS_JA[p]));
  });

  it('name every code in English too', () => {
    const consoleLabels = en.orders.preferredPeriod as Record<string, string>;
    expect(PREFERRED_PERIODS.map((p) => consoleLabels[PREFERRED_PERIOD_NAMES[p]])).toEqual(['None', '14:00–16:00', '16:00–18:00', '18:00–20:00', '19:00–21:00']);
  });
});
