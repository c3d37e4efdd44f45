import { WEEK_DAYS, type WeekDay, type WeeklyAvailability } from '@khidma/contracts';

/** Whole hours '00:00' … '24:00' (bookings are hourly slots, so opening hours are whole hours too; 24:00 closes at midnight). */
export const HOURS = Array.from({ length: 25 }, (_, hour) => `${String(hour).padStart(2, '0')}:00`);

/** The hours a newly opened day starts with (the booking slots' day, spec §5). */
export const DEFAULT_DAY: [string, string] = ['09:00', '17:00'];

const WHOLE_HOUR = /^(?:[01]\d|2[0-4]):00$/;

export type DayError = 'order' | 'format';

/** Each open day needs two valid times with closing after opening; closed days are null. */
export function validateAvailability(week: WeeklyAvailability): Partial<Record<WeekDay, DayError>> {
  const errors: Partial<Record<WeekDay, DayError>> = {};
  for (const day of WEEK_DAYS) {
    const hours = week[day];
    if (!hours) continue;
    const [open, close] = hours;
    if (!WHOLE_HOUR.test(open) || !WHOLE_HOUR.test(close)) errors[day] = 'format';
    // 'HH:MM' strings order like the times they name.
    else if (close <= open) errors[day] = 'order';
  }
  return errors;
}

/** The server's 400 `fields` ('weeklyAvailability.monday' → code) as the editor's day errors. */
export function serverDayErrors(fields: Record<string, string>): Partial<Record<WeekDay, DayError>> {
  const errors: Partial<Record<WeekDay, DayError>> = {};
  for (const [path, code] of Object.entries(fields)) {
    const day = path.split('.').pop() as WeekDay;
    if (WEEK_DAYS.includes(day)) errors[day] = code === 'openBeforeClose' ? 'order' : 'format';
  }
  return errors;
}
