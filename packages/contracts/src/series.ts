import { addCalendarDays } from './calendar.js';
import type { BookingDto, CreateBookingRequest, CancelBookingResponse, SlotUnavailableReason } from './bookings.js';

/**
 * Recurring bookings ("series"): one plan, each occurrence a normal booking.
 * Monthly repeats keep the first date's day of the month; a month without that day takes its last
 * day (31 Jan → 28/29 Feb → 31 Mar).
 */
export const SERIES_FREQUENCIES = ['weekly', 'biweekly', 'monthly'] as const;
export type SeriesFrequency = (typeof SERIES_FREQUENCIES)[number];

export const SERIES = {
  /** A series holds 2 to 12 occurrences, whether it ends after a count or on a date. */
  minOccurrences: 2,
  maxOccurrences: 12,
  /** Alternatives offered for an occurrence whose slot cannot be booked. */
  alternatives: 3,
  /** Alternatives are looked for on the occurrence's day and this many days after it. */
  alternativeDays: 6,
} as const;

/** How the series ends: after `occurrences` bookings, or on the last repeat on or before `until`. */
export interface SeriesPlanRequest extends CreateBookingRequest {
  frequency: SeriesFrequency;
  occurrences?: number;
  /** `YYYY-MM-DD`, inclusive. */
  until?: string;
}

export interface SeriesSlot {
  scheduledDate: string;
  scheduledTime: string;
}

/** One planned occurrence; when its slot cannot be booked, why and the nearest free slots instead. */
export interface SeriesOccurrencePlan extends SeriesSlot {
  /** 1-based position in the plan. */
  index: number;
  available: boolean;
  reason?: SlotUnavailableReason;
  alternatives: SeriesSlot[];
}

/** `POST /api/bookings/series/preview` */
export interface SeriesPreviewResponse {
  frequency: SeriesFrequency;
  occurrences: SeriesOccurrencePlan[];
  /** Number of occurrences whose planned slot cannot be booked. */
  conflicts: number;
}

/** What the client chose for an occurrence that cannot be booked as planned. */
export interface SeriesResolution {
  index: number;
  action: 'move' | 'drop';
  /** For `move`: the slot to book instead. */
  scheduledDate?: string;
  scheduledTime?: string;
}

/** `POST /api/bookings/series/create`: the plan again plus a resolution for each conflict. */
export interface CreateSeriesRequest extends SeriesPlanRequest {
  resolutions?: SeriesResolution[];
}

/** Where a booking sits in its series ("Weekly · 3 of 6"). */
export interface BookingSeriesInfo {
  id: string;
  frequency: SeriesFrequency;
  /** 1-based among the bookings the series was created with. */
  index: number;
  size: number;
}

export interface BookingSeriesDto {
  id: string;
  frequency: SeriesFrequency;
  serviceId: string;
  providerId: string;
  clientId: string;
  size: number;
  createdAt: string;
}

/** Answer of `POST /api/bookings/series/create`: every booking created, in date order. */
export interface CreateSeriesResponse {
  series: BookingSeriesDto;
  bookings: BookingDto[];
  /** Plan positions the client chose to drop. */
  dropped: number[];
}

/** `POST /api/bookings/{id}/cancel-following` */
export interface CancelFollowingResponse {
  /** The bookings called off (this one and the later pending/accepted ones of its series). */
  cancelled: CancelBookingResponse[];
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `start` moved by whole months, keeping its day of the month or, where the month is shorter, its last day. */
export function addMonthsClamped(start: string, months: number): string {
  const [year, month, day] = start.split('-').map(Number) as [number, number, number];
  const index = month - 1 + months;
  const targetYear = year + Math.floor(index / 12);
  const targetMonth = ((index % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth + 1, 0)).getUTCDate();
  return `${targetYear}-${pad(targetMonth + 1)}-${pad(Math.min(day, lastDay))}`;
}

/** The `n`th (0-based) date of a series starting on `start`. */
export function seriesDate(start: string, frequency: SeriesFrequency, n: number): string {
  if (frequency === 'monthly') return addMonthsClamped(start, n);
  return addCalendarDays(start, n * (frequency === 'weekly' ? 7 : 14));
}

/**
 * The dates of a series: `occurrences` of them, or every repeat on or before `until`. A plan by
 * date stops one past SERIES.maxOccurrences, so the caller can tell "too long" from "exactly 12".
 */
export function seriesDates(start: string, frequency: SeriesFrequency, end: { occurrences?: number; until?: string }): string[] {
  const dates: string[] = [];
  const limit = end.occurrences ?? SERIES.maxOccurrences + 1;
  for (let n = 0; n < limit; n++) {
    const date = seriesDate(start, frequency, n);
    if (end.occurrences === undefined && (end.until === undefined || date > end.until)) break;
    dates.push(date);
  }
  return dates;
}
