import { addMonthsClamped, SERIES, seriesDates } from './series.js';

describe('series dates', () => {
  it('repeats weekly and every two weeks on the same weekday', () => {
    expect(seriesDates('2026-12-28', 'weekly', { occurrences: 3 })).toEqual(['2026-12-28', '2027-01-04', '2027-01-11']);
    expect(seriesDates('2026-12-28', 'biweekly', { occurrences: 3 })).toEqual(['2026-12-28', '2027-01-11', '2027-01-25']);
  });

  it('keeps the day of the month, or the last day of a shorter month', () => {
    expect(seriesDates('2027-01-31', 'monthly', { occurrences: 4 })).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30']);
    expect(addMonthsClamped('2028-01-30', 1)).toBe('2028-02-29');
    expect(addMonthsClamped('2027-11-15', 3)).toBe('2028-02-15');
  });

  it('ends on a date inclusively, and stops one past the cap so "too long" shows', () => {
    expect(seriesDates('2027-03-01', 'weekly', { until: '2027-03-15' })).toEqual(['2027-03-01', '2027-03-08', '2027-03-15']);
    expect(seriesDates('2027-03-01', 'weekly', { until: '2027-03-14' })).toHaveLength(2);
    expect(seriesDates('2027-03-01', 'weekly', { until: '2029-01-01' })).toHaveLength(SERIES.maxOccurrences + 1);
  });
});
