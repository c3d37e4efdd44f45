import type { WeeklyAvailability } from '@khidma/contracts';
import { availabilityOn } from './availability';

const week: WeeklyAvailability = {
  sunday: null,
  monday: ['09:00', '17:00'],
  tuesday: null,
  wednesday: null,
  thursday: ['09:00', '17:00'],
  friday: null,
  saturday: null,
};

// 2025-03-03 is a Monday; local times, as the badge reads them.
const at = (day: number, hour: number, minute = 0) => new Date(2025, 2, day, hour, minute);

describe('availability badge', () => {
  it('is "today" while today is open and before closing', () => {
    expect(availabilityOn(week, at(3, 8))).toEqual({ kind: 'today', until: '17:00' });
    expect(availabilityOn(week, at(3, 16, 59))).toEqual({ kind: 'today', until: '17:00' });
  });

  it('names the next open day after closing time or on a closed day', () => {
    expect(availabilityOn(week, at(3, 17))).toEqual({ kind: 'next', day: 'thursday', from: '09:00' });
    expect(availabilityOn(week, at(2, 12))).toEqual({ kind: 'tomorrow', from: '09:00' });
  });

  it('finds the same weekday a week later when it is the only open day', () => {
    const mondays: WeeklyAvailability = { ...week, thursday: null };
    expect(availabilityOn(mondays, at(3, 18))).toEqual({ kind: 'next', day: 'monday', from: '09:00' });
  });

  it('says so when no day is open', () => {
    const closed = Object.fromEntries(Object.keys(week).map((d) => [d, null])) as WeeklyAvailability;
    expect(availabilityOn(closed, at(3, 10))).toEqual({ kind: 'none' });
  });
});
