import { WEEK_DAYS, type WeekDay, type WeeklyAvailability } from '@khidma/contracts';

export type Availability =
  | { kind: 'today'; until: string }
  | { kind: 'tomorrow'; from: string }
  | { kind: 'next'; day: WeekDay; from: string }
  | { kind: 'none' };

const minutes = (hhmm: string): number => {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return h * 60 + m;
};

/**
 * The badge of the detail page from the provider's opening hours, read in the visitor's local time
 * (providers and clients are in the same city). Today counts only while there is still time before closing.
 */
export function availabilityOn(week: WeeklyAvailability, now: Date): Availability {
  const today = now.getDay();
  const hoursToday = week[WEEK_DAYS[today] as WeekDay];
  if (hoursToday && now.getHours() * 60 + now.getMinutes() < minutes(hoursToday[1])) {
    return { kind: 'today', until: hoursToday[1] };
  }
  for (let offset = 1; offset <= 7; offset += 1) {
    const day = WEEK_DAYS[(today + offset) % 7] as WeekDay;
    const hours = week[day];
    if (!hours) continue;
    return offset === 1 ? { kind: 'tomorrow', from: hours[0] } : { kind: 'next', day, from: hours[0] };
  }
  return { kind: 'none' };
}
