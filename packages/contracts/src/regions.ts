import { WEEK_DAYS, type WeekDay, type WeeklyAvailability } from './catalogue.js';

/**
 * Regional calendar (issue 17 §5): where a provider works and a client lives. A region sets the
 * time zone slots are read in and the weekend. All zones below keep no daylight saving.
 * Weekends as in force: the UAE moved to Saturday–Sunday in 2022; the others rest Friday–Saturday.
 */
export const REGION_CODES = ['AE', 'SA', 'QA', 'KW', 'BH', 'OM', 'JO'] as const;
export type RegionCode = (typeof REGION_CODES)[number];

export interface Region {
  code: RegionCode;
  timeZone: string;
  weekend: readonly WeekDay[];
  name: string;
  nameAr: string;
}

/** A booking's start: a whole hour, 00:00 … 23:00. */
export const WHOLE_HOUR = /^(?:[01]\d|2[0-3]):00$/;
/** A declared opening or closing time, HH:MM. */
export const CLOCK_TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

const FRI_SAT: readonly WeekDay[] = ['friday', 'saturday'];

export const REGIONS: Readonly<Record<RegionCode, Region>> = {
  AE: { code: 'AE', timeZone: 'Asia/Dubai', weekend: ['saturday', 'sunday'], name: 'United Arab Emirates', nameAr: 'الإمارات العربية المتحدة' },
  SA: { code: 'SA', timeZone: 'Asia/Riyadh', weekend: FRI_SAT, name: 'Saudi Arabia', nameAr: 'المملكة العربية السعودية' },
  QA: { code: 'QA', timeZone: 'Asia/Qatar', weekend: FRI_SAT, name: 'Qatar', nameAr: 'قطر' },
  KW: { code: 'KW', timeZone: 'Asia/Kuwait', weekend: FRI_SAT, name: 'Kuwait', nameAr: 'الكويت' },
  BH: { code: 'BH', timeZone: 'Asia/Bahrain', weekend: FRI_SAT, name: 'Bahrain', nameAr: 'البحرين' },
  OM: { code: 'OM', timeZone: 'Asia/Muscat', weekend: FRI_SAT, name: 'Oman', nameAr: 'عُمان' },
  JO: { code: 'JO', timeZone: 'Asia/Amman', weekend: FRI_SAT, name: 'Jordan', nameAr: 'الأردن' },
};

export const isRegionCode = (value: unknown): value is RegionCode =>
  typeof value === 'string' && (REGION_CODES as readonly string[]).includes(value);

/** The marketplace's default region: the one whose zone is MARKETPLACE_TIMEZONE (Jordan if none is). */
export const regionOfTimeZone = (timeZone: string): Region =>
  Object.values(REGIONS).find((region) => region.timeZone === timeZone) ?? REGIONS.JO;

/** A stored region code (null: none chosen yet) read with the marketplace's default. */
export const regionOr = (code: string | null | undefined, fallback: Region): Region => (isRegionCode(code) ? REGIONS[code] : fallback);

/** A browser locale's region, e.g. `ar-SA` → SA; a locale without a known region gives `fallback`. */
export function regionOfLocale(locale: string | null | undefined, fallback: Region): Region {
  return regionOr(regionCodeOfLocale(locale), fallback);
}

/** The region a locale names (`ar-SA` → SA), or null. */
export function regionCodeOfLocale(locale: string | null | undefined): RegionCode | null {
  const country = locale?.split(/[-_]/)[1]?.toUpperCase();
  return isRegionCode(country) ? country : null;
}

/** The opening hours a new provider starts with: 09:00–17:00, closed on the region's weekend. */
export const defaultWeeklyAvailability = (region: Region, hours: [string, string] = ['09:00', '17:00']): WeeklyAvailability =>
  Object.fromEntries(WEEK_DAYS.map((day) => [day, region.weekend.includes(day) ? null : [...hours]])) as WeeklyAvailability;

/**
 * Special hours a provider declares for a date range (Ramadan, a holiday): replace the weekly hours
 * on each day from `startDate` to `endDate`. `opensAt`/`closesAt` null: closed all day. A `closesAt`
 * at or before `opensAt` runs past midnight: 20:00–02:00 is the evening of each day in the range,
 * its 00:00 and 01:00 slots fall on the next calendar date.
 */
export interface SpecialHoursDto {
  id: string;
  startDate: string;
  endDate: string;
  opensAt: string | null;
  closesAt: string | null;
  label: string;
}
/** `POST /api/provider/special-hours` body. */
export type SpecialHoursRequest = Omit<SpecialHoursDto, 'id'>;
/** `GET /api/provider/special-hours`: the provider's declarations, by start date, and their region. */
export interface SpecialHoursListResponse {
  region: RegionCode;
  specialHours: SpecialHoursDto[];
}
/** `PUT /api/provider/region` body and answer. */
export interface ProviderRegionDto {
  region: RegionCode;
}
