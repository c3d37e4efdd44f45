import { isCalendarDate, weekdayOf, zonedToday, zonedToInstant } from './zoned-time.js';

describe('zoned time', () => {
  it('reads a wall-clock slot in the zone, on both sides of a daylight-saving change', () => {
    expect(zonedToInstant('2030-01-08', '10:00', 'Asia/Amman').toISOString()).toBe('2030-01-08T07:00:00.000Z');
    expect(zonedToInstant('2030-01-08', '10:00', 'Europe/Berlin').toISOString()).toBe('2030-01-08T09:00:00.000Z');
    expect(zonedToInstant('2030-07-08', '10:00', 'Europe/Berlin').toISOString()).toBe('2030-07-08T08:00:00.000Z');
    expect(zonedToInstant('2030-07-08', '10:00', 'America/New_York').toISOString()).toBe('2030-07-08T14:00:00.000Z');
    // The day of the change itself: 10:00 is after the jump in both directions.
    expect(zonedToInstant('2030-03-31', '10:00', 'Europe/Berlin').toISOString()).toBe('2030-03-31T08:00:00.000Z');
    expect(zonedToInstant('2030-10-27', '10:00', 'Europe/Berlin').toISOString()).toBe('2030-10-27T09:00:00.000Z');
  });

  it('knows the zone’s date when UTC is still on the day before', () => {
    expect(zonedToday(new Date('2030-01-07T22:30:00Z'), 'Asia/Amman')).toBe('2030-01-08');
    expect(zonedToday(new Date('2030-01-07T20:30:00Z'), 'Asia/Amman')).toBe('2030-01-07');
  });

  it('validates calendar dates and names their weekday', () => {
    expect(isCalendarDate('2030-02-28')).toBe(true);
    expect(isCalendarDate('2030-02-30')).toBe(false);
    expect(isCalendarDate('2030-2-3')).toBe(false);
    expect(weekdayOf('2030-01-11')).toBe('friday');
  });
});
