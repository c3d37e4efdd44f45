import { jest } from '@jest/globals';
import { formatDate, formatNumber, formatRelativeTime } from './format.js';

describe('formatting', () => {
  afterEach(() => jest.restoreAllMocks());

  it('writes numbers in the language', () => {
    expect(formatNumber(1520, 'en')).toBe('1,520');
    expect(formatNumber(0.5, 'en', { style: 'percent' })).toBe('50%');
  });

  it('builds each Intl formatter once per locale and options, however many values it formats', () => {
    // Counts constructions and still builds the real formatter (some Intl constructors require `new`).
    const counted = <K extends 'NumberFormat' | 'DateTimeFormat' | 'RelativeTimeFormat'>(name: K) => {
      const Real = Intl[name] as unknown as new (...args: unknown[]) => unknown;
      return jest.spyOn(Intl, name).mockImplementation(((...args: unknown[]) => new Real(...args)) as never);
    };
    const numberFormats = counted('NumberFormat');
    const dateFormats = counted('DateTimeFormat');
    const relativeFormats = counted('RelativeTimeFormat');
    for (let i = 0; i < 20; i += 1) {
      formatNumber(100 + i, 'ar');
      formatNumber(i, 'ar', { maximumFractionDigits: 1 });
      formatDate(Date.UTC(2026, 10, 1 + i), 'ar', { dateStyle: 'long', timeZone: 'UTC' });
      formatRelativeTime(Date.now() - i * 60_000, 'ar');
    }
    expect(numberFormats.mock.calls.length).toBeLessThanOrEqual(2);
    expect(dateFormats.mock.calls.length).toBeLessThanOrEqual(1);
    expect(relativeFormats.mock.calls.length).toBeLessThanOrEqual(1);
    // Other options are another formatter, not the cached one.
    expect(formatDate(Date.UTC(2026, 10, 1), 'en', { year: 'numeric', timeZone: 'UTC' })).toBe('2026');
    expect(formatDate(Date.UTC(2026, 10, 1), 'en', { month: 'long', timeZone: 'UTC' })).toBe('November');
  });
});
