import { jest } from '@jest/globals';
import { formatCalendarDay, formatMoney } from './index.js';

const LRI = '\u2066';
const PDI = '\u2069';

describe('formatMoney', () => {
  it('writes a price without zero cents and a bill amount with them, in both languages', () => {
    expect(formatMoney(1250, 'en')).toBe(`${LRI}$1,250${PDI}`);
    expect(formatMoney(12.5, 'ar')).toBe(`${LRI}$12.50${PDI}`);
    expect(formatMoney('40.00', 'en', 'amount')).toBe(`${LRI}$40.00${PDI}`);
    expect(formatMoney(1250, 'ar', 'amount')).toBe(`${LRI}$1,250.00${PDI}`);
    expect(formatMoney(-3, 'en')).toBe(`${LRI}-$3${PDI}`);
  });

  it('shortens a chart axis the language’s way, the dollar sign kept before the figures', () => {
    expect(formatMoney(250, 'en', 'compact')).toBe(`${LRI}$250${PDI}`);
    expect(formatMoney(1500, 'en', 'compact')).toBe(`${LRI}$1.5K${PDI}`);
    expect(formatMoney(1500, 'ar', 'compact')).toBe(`${LRI}$1.5\u00a0ألف${PDI}`);
    expect(formatMoney(1_250_000, 'ar', 'compact')).toBe(`${LRI}$1.3\u00a0مليون${PDI}`);
  });

  it('keeps Latin digits in Arabic, as the data writes them', () => {
    expect(formatMoney('8.5', 'ar', 'amount')).toMatch(/^\u2066\$8\.50\u2069$/);
  });

  it('builds one Intl formatter per language and digits, however many amounts it writes', () => {
    const Real = Intl.NumberFormat;
    const built = jest.spyOn(Intl, 'NumberFormat').mockImplementation(((...args: ConstructorParameters<typeof Real>) => new Real(...args)) as never);
    try {
      for (let i = 0; i < 20; i += 1) formatMoney(300 + i, 'en', 'amount');
      expect(built.mock.calls.length).toBeLessThanOrEqual(1);
    } finally {
      built.mockRestore();
    }
  });
});

describe('formatCalendarDay', () => {
  it('says the weekday, day and month of a calendar date, in any time zone of the machine', () => {
    expect(formatCalendarDay('2026-12-03', 'en')).toBe('Thursday, December 3');
    expect(formatCalendarDay('2026-12-03', 'ar')).toBe('الخميس، 3 ديسمبر');
    expect(formatCalendarDay('2027-01-01', 'en')).toBe('Friday, January 1');
  });
});
