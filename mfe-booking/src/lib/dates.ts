import { addCalendarDays, WEEK_DAYS, type Language, type WeekDay } from '@khidma/contracts';
import { formatCalendarDate, formatDate, formatNumber } from '@khidma/web-kit';

// Booking dates (`YYYY-MM-DD`) are formatted by web-kit's useDateFormat().formatCalendarDate (with the
// Hijri date when the user shows it). Times (`HH:MM`) are already in the marketplace's zone too: they are formatted as
// UTC wall-clock values so the viewer's own zone never shifts them.

export function formatTime(time: string, language: Language): string {
  return formatDate(`1970-01-01T${time}:00Z`, language, { timeStyle: 'short', timeZone: 'UTC' });
}

export function weekdayOf(date: string): WeekDay {
  return WEEK_DAYS[new Date(`${date}T00:00:00Z`).getUTCDay()]!;
}

/** The weekday's name in the language (2024-01-07 was a Sunday). */
export function weekdayName(day: WeekDay, language: Language): string {
  const date = `2024-01-${String(7 + WEEK_DAYS.indexOf(day)).padStart(2, '0')}`;
  return formatCalendarDate(date, language, { weekday: 'long' });
}

/** Today on this device, until the server's `today` (marketplace zone) is known. */
export function deviceToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export const isIsoDate = (value: string | null | undefined): value is string =>
  !!value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

/** "90 minutes" / "90 دقيقة": Intl knows each language's plural forms. */
export const formatMinutes = (minutes: number, language: Language) =>
  formatNumber(minutes, language, { style: 'unit', unit: 'minute', unitDisplay: 'long' });

export const formatHours = (hours: number, language: Language) =>
  formatNumber(hours, language, { style: 'unit', unit: 'hour', unitDisplay: 'long' });


/**
 * A picked start time. A slot of the day's evening after midnight (declared 20:00–02:00: its 00:00
 * and 01:00) is written `01:00+1`: it belongs to the chosen working day but falls on the next date.
 */
export const NEXT_DAY_SUFFIX = '+1';
export const pickedTime = (slot: { time: string; date?: string }) => (slot.date ? `${slot.time}${NEXT_DAY_SUFFIX}` : slot.time);

/** The slot the server books for the chosen working day and picked time (its real calendar date). */
export function slotOf(date: string, picked: string): { scheduledDate: string; scheduledTime: string } {
  return picked.endsWith(NEXT_DAY_SUFFIX)
    ? { scheduledDate: addCalendarDays(date, 1), scheduledTime: picked.slice(0, -NEXT_DAY_SUFFIX.length) }
    : { scheduledDate: date, scheduledTime: picked };
}
