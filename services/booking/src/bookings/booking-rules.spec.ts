import { defaultWeeklyAvailability, REGIONS, type WeeklyAvailability } from '@khidma/contracts';
import { zonedToInstant } from '@khidma/nest-kit';
import {
  beforeCutoff,
  carriedInto,
  coveredSlots,
  daySlots,
  type DeclaredHours,
  openingOn,
  type SlotContext,
  slotClaims,
  slotProblem,
  slotStartsAt,
} from './booking-rules.js';

/**
 * The regional calendar's rules (issue 17 §5), pure: every "now" is an explicit instant and every
 * zone explicit, so the shifted-clock pass (faketime, America/Los_Angeles) reads them the same.
 */
const RIYADH = REGIONS.SA.timeZone;
const WEEK: WeeklyAvailability = defaultWeeklyAvailability(REGIONS.SA); // Sun–Thu 09–17, Fri–Sat closed
const RAMADAN: DeclaredHours = { startDate: '2027-02-08', endDate: '2027-03-09', opensAt: '20:00', closesAt: '02:00' };
const EID: DeclaredHours = { startDate: '2027-03-10', endDate: '2027-03-10', opensAt: null, closesAt: null };

/** The rules' view of `date` as SlotCalendar builds it: own hours, the previous evening's tail, claims. */
function contextOf(date: string, now: Date, options: { hours?: number; taken?: string[]; declared?: DeclaredHours[]; zone?: string } = {}): SlotContext {
  const declared = options.declared ?? [RAMADAN];
  const previous = new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  return {
    date,
    zone: options.zone ?? RIYADH,
    opening: openingOn(date, WEEK, declared),
    carriedOver: carriedInto(openingOn(previous, WEEK, declared)),
    hours: options.hours ?? 1,
    now,
    taken: new Set(options.taken ?? []),
  };
}

const at = (date: string, time: string, zone = RIYADH) => zonedToInstant(date, time, zone);
const LONG_BEFORE = at('2027-01-01', '08:00');

describe('regional calendar rules', () => {
  it('reads declared hours over the weekly ones, and a closing hour before the opening one as past midnight', () => {
    expect(openingOn('2027-02-07', WEEK, [RAMADAN])).toEqual({ open: 540, close: 1020, declared: false });
    expect(openingOn('2027-02-08', WEEK, [RAMADAN])).toEqual({ open: 1200, close: 1560, declared: true });
    expect(openingOn('2027-03-10', WEEK, [RAMADAN, EID])).toBeNull();
    // A Friday is closed weekly in Saudi Arabia, but open when declared.
    expect(openingOn('2027-02-12', WEEK, [])).toBeNull();
    expect(openingOn('2027-02-12', WEEK, [RAMADAN])).toMatchObject({ open: 1200 });
    expect(carriedInto(openingOn('2027-02-09', WEEK, [RAMADAN]))).toBe(120);
    expect(carriedInto(openingOn('2027-02-07', WEEK, [RAMADAN]))).toBe(0);
  });

  it('switches to Ramadan hours from its first day: the last normal day keeps its daytime slots only', () => {
    const lastNormal = daySlots(contextOf('2027-02-07', LONG_BEFORE));
    expect(lastNormal.filter((slot) => slot.available).map((slot) => slot.time)).toEqual(['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00']);
    expect(lastNormal.some((slot) => slot.date)).toBe(false);

    const first = daySlots(contextOf('2027-02-08', LONG_BEFORE));
    expect(first.filter((slot) => slot.available).map((slot) => [slot.date ?? '2027-02-08', slot.time])).toEqual([
      ['2027-02-08', '20:00'],
      ['2027-02-08', '21:00'],
      ['2027-02-08', '22:00'],
      ['2027-02-08', '23:00'],
      ['2027-02-09', '00:00'],
      ['2027-02-09', '01:00'],
    ]);
    expect(first.find((slot) => slot.time === '09:00')).toEqual({ time: '09:00', available: false, reason: 'closed' });
    // The night before Ramadan does not run past midnight: 00:00 on its first day is closed.
    expect(slotProblem('00:00', contextOf('2027-02-08', LONG_BEFORE))).toBe('closed');
  });

  it('gives the 01:00 slot of the 10th to the 9th’s evening, up to its closing hour', () => {
    const tenth = contextOf('2027-02-10', LONG_BEFORE);
    expect(slotProblem('01:00', tenth)).toBeNull();
    expect(slotProblem('02:00', tenth)).toBe('closed');
    expect(slotProblem('01:00', { ...tenth, hours: 2 })).toBe('too_long');
    expect(slotProblem('23:00', { ...tenth, hours: 3 })).toBeNull();
    expect(slotProblem('23:00', { ...tenth, hours: 4 })).toBe('too_long');
    // The evening of the range's last day still runs into the day after it, even when that day is closed.
    expect(slotProblem('01:00', contextOf('2027-03-10', LONG_BEFORE, { declared: [RAMADAN, EID] }))).toBeNull();
    expect(slotProblem('20:00', contextOf('2027-03-10', LONG_BEFORE, { declared: [RAMADAN, EID] }))).toBe('closed');
  });

  it('claims the hours of a booking that crosses midnight on their own calendar dates', () => {
    expect(coveredSlots('2027-02-09', '23:00', 3)).toEqual([
      { date: '2027-02-09', time: '23:00' },
      { date: '2027-02-10', time: '00:00' },
      { date: '2027-02-10', time: '01:00' },
    ]);
    const claims = slotClaims({ id: 'b1', providerId: 'p1', scheduledDate: '2027-02-09', scheduledTime: '23:00', duration: 120 });
    expect(claims.map((claim) => `${claim.slotDate} ${claim.slotTime}`)).toEqual(['2027-02-09 23:00', '2027-02-10 00:00']);
    // Once 01:00 on the 10th is claimed, the 9th's picker shows it taken and a 2-hour booking at 00:00 cannot start.
    const ninth = contextOf('2027-02-09', LONG_BEFORE, { taken: ['2027-02-10 01:00'] });
    expect(daySlots(ninth).find((slot) => slot.date === '2027-02-10' && slot.time === '01:00')).toEqual({
      time: '01:00',
      available: false,
      reason: 'taken',
      date: '2027-02-10',
    });
    expect(slotProblem('01:00', contextOf('2027-02-10', LONG_BEFORE, { taken: ['2027-02-10 01:00'] }))).toBe('taken');
    expect(slotProblem('00:00', contextOf('2027-02-10', LONG_BEFORE, { hours: 2, taken: ['2027-02-10 01:00'] }))).toBe('taken');
  });

  it('judges past hours around midnight in the provider’s zone (23:59 and 00:01 local)', () => {
    const justBefore = at('2027-02-09', '23:59');
    const justAfter = at('2027-02-10', '00:01');
    expect(justBefore.toISOString()).toBe('2027-02-09T20:59:00.000Z');
    expect(slotProblem('00:00', contextOf('2027-02-10', justBefore))).toBeNull();
    expect(slotProblem('00:00', contextOf('2027-02-10', justAfter))).toBe('past');
    expect(slotProblem('01:00', contextOf('2027-02-10', justAfter))).toBeNull();
    const picker = daySlots(contextOf('2027-02-09', justAfter));
    expect(picker.filter((slot) => slot.available).map((slot) => `${slot.date} ${slot.time}`)).toEqual(['2027-02-10 01:00']);
  });

  it('reads Gulf zones without daylight saving whatever the server clock’s zone does', () => {
    // Europe and America change their clocks on these dates; Dubai and Riyadh do not.
    for (const date of ['2027-03-14', '2027-03-28', '2027-10-31', '2027-11-07']) {
      expect(slotStartsAt({ date, zone: REGIONS.AE.timeZone }, '09:00').toISOString()).toBe(`${date}T05:00:00.000Z`);
      expect(slotStartsAt({ date, zone: RIYADH }, '01:00').toISOString()).toBe(`${new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10)}T22:00:00.000Z`);
    }
    // The same instant is "past" for a Dubai slot and still ahead for the same wall-clock slot in Amman.
    const now = at('2027-02-07', '10:30', REGIONS.AE.timeZone); // 06:30 UTC: 09:30 in Amman
    expect(slotProblem('10:00', contextOf('2027-02-07', now, { zone: REGIONS.AE.timeZone }))).toBe('past');
    expect(slotProblem('10:00', contextOf('2027-02-07', now, { zone: REGIONS.JO.timeZone }))).toBeNull();
  });

  it('keeps the 2-hour change window on the real start of a slot after midnight', () => {
    const booking = { startsAt: at('2027-02-10', '01:00') };
    expect(beforeCutoff(booking, at('2027-02-09', '23:00'))).toBe(true);
    expect(beforeCutoff(booking, at('2027-02-09', '23:01'))).toBe(false);
  });
});
