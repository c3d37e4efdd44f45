import { REGIONS } from '@khidma/contracts';
import { zonedToInstant } from '@khidma/nest-kit';
import { extractEntities, weekendStart } from './entities.js';

/**
 * Dates the assistant reads in the asker's region (issue 17 §5): its zone decides "today" around
 * midnight (the server clock is UTC, the Gulf zones keep no daylight saving), its weekend decides
 * "this weekend". Every "now" is an explicit instant, so the shifted-clock pass reads them the same.
 */
const inRegion = (code: keyof typeof REGIONS, date: string, time: string) => ({
  now: zonedToInstant(date, time, REGIONS[code].timeZone),
  timeZone: REGIONS[code].timeZone,
  weekend: REGIONS[code].weekend,
});
const dateOf = (text: string, context: ReturnType<typeof inRegion>) => extractEntities(text, context).date;

describe('regional dates in the assistant', () => {
  it('reads "tomorrow" and "next Friday" on the region’s side of midnight (23:59 and 00:01 local)', () => {
    // Thursday 2027-02-11, 23:59 in Riyadh is still 20:59 UTC on Thursday; 00:01 is Friday there.
    const thursdayNight = inRegion('SA', '2027-02-11', '23:59');
    const fridayMorning = inRegion('SA', '2027-02-12', '00:01');
    expect(thursdayNight.now.toISOString()).toBe('2027-02-11T20:59:00.000Z');
    expect(fridayMorning.now.toISOString()).toBe('2027-02-11T21:01:00.000Z');
    expect(dateOf('tomorrow', thursdayNight)).toBe('2027-02-12');
    expect(dateOf('tomorrow', fridayMorning)).toBe('2027-02-13');
    expect(dateOf('next Friday', thursdayNight)).toBe('2027-02-12');
    expect(dateOf('الجمعة القادمة', thursdayNight)).toBe('2027-02-12');
    expect(dateOf('الجمعة القادمة', fridayMorning)).toBe('2027-02-19');
    expect(dateOf('بكرة', fridayMorning)).toBe('2027-02-13');
  });

  it('reads "this weekend" / "نهاية الأسبوع" with the region’s weekend', () => {
    // Wednesday 2027-02-10: Saudi Arabia rests Friday–Saturday, the UAE Saturday–Sunday.
    expect(dateOf('this weekend', inRegion('SA', '2027-02-10', '10:00'))).toBe('2027-02-12');
    expect(dateOf('this weekend', inRegion('AE', '2027-02-10', '10:00'))).toBe('2027-02-13');
    expect(dateOf('نهاية الأسبوع', inRegion('SA', '2027-02-10', '10:00'))).toBe('2027-02-12');
    expect(dateOf('في الويكند', inRegion('AE', '2027-02-10', '10:00'))).toBe('2027-02-13');
    // On a Friday the Saudi weekend is under way; the Emirati one starts tomorrow.
    expect(dateOf('this weekend', inRegion('SA', '2027-02-12', '10:00'))).toBe('2027-02-12');
    expect(dateOf('this weekend', inRegion('AE', '2027-02-12', '10:00'))).toBe('2027-02-13');
    expect(dateOf('next weekend', inRegion('SA', '2027-02-12', '10:00'))).toBe('2027-02-19');
  });

  it('finds the first weekend day from any weekday', () => {
    expect(weekendStart('2027-02-14', REGIONS.AE.weekend)).toBe('2027-02-14'); // Sunday: still the UAE weekend
    expect(weekendStart('2027-02-14', REGIONS.JO.weekend)).toBe('2027-02-19');
    expect(weekendStart('2027-02-13', REGIONS.AE.weekend, true)).toBe('2027-02-20');
  });

  it('keeps each Gulf zone’s offset through the dates other zones change their clocks', () => {
    for (const date of ['2027-03-13', '2027-03-14', '2027-03-27', '2027-03-28', '2027-10-30', '2027-10-31', '2027-11-07']) {
      // 00:30 in Dubai is 20:30 UTC the day before, on every one of these dates.
      const context = inRegion('AE', date, '00:30');
      expect(context.now.getUTCHours()).toBe(20);
      expect(dateOf('today', context)).toBe(date);
    }
  });
});
