import { addCalendarDays, type SortOption, WEEK_DAYS, type WeekDay } from '@khidma/contracts';
import { zonedToday, zonedToInstant } from '@khidma/nest-kit';
import * as chrono from 'chrono-node';
import { findCategory } from './lexicon.js';
import { normalizeText } from './normalize.js';

export type DayPart = 'morning' | 'afternoon' | 'evening';

/** What a message names besides its intent: the slots the dialogue fills. */
export interface Entities {
  category?: string;
  /** `YYYY-MM-DD` in the marketplace's zone. */
  date?: string;
  /** `HH:MM` in the marketplace's zone. */
  time?: string;
  dayPart?: DayPart;
  priceMax?: number;
  priceMin?: number;
  sortBy?: SortOption;
  /** A booking's readable number, e.g. `KH-7Q4M-2XPA`. */
  bookingRef?: string;
  /** "the second one": 1-based position in the last list shown. */
  ordinal?: number;
  phone?: string;
}

export interface EntityContext {
  now: Date;
  /** The user's region zone: "today", "tomorrow" and weekdays are its dates. */
  timeZone: string;
  /** The region's weekend ("this weekend", "نهاية الأسبوع"); Friday–Saturday when not given. */
  weekend?: readonly WeekDay[];
}

/** Eastern Arabic (٠-٩) and Persian (۰-۹) digits as ASCII, so every rule below reads one kind. */
export const toAsciiDigits = (text: string) =>
  text.replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660)).replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x06f0));

const WEEKDAYS: Array<{ en: string; ar: string[] }> = [
  { en: 'sunday', ar: ['الاحد'] },
  { en: 'monday', ar: ['الاثنين', 'الاتنين', 'اثنين', 'الإثنين'] },
  { en: 'tuesday', ar: ['الثلاثاء', 'الثلاثا', 'التلات', 'الثلاث'] },
  { en: 'wednesday', ar: ['الاربعاء', 'الاربعا', 'اربعاء'] },
  { en: 'thursday', ar: ['الخميس', 'خميس'] },
  { en: 'friday', ar: ['الجمعه', 'جمعه'] },
  { en: 'saturday', ar: ['السبت', 'سبت'] },
];

/** An Arabic word on its own (a leading و/ب/ل/ع allowed), in normalised text. */
const arWord = (words: string[]) => new RegExp(`(?:^|[\\s،,.؟?!])[وبلع]?(?:${words.map(normalizeText).join('|')})(?=$|[\\s،,.؟?!])`);

const RULES = {
  weekend: [/\b(?:this |the |next |on the |at the )?weekend\b/, /نهايه (?:هذا )?الاسبوع|اخر الاسبوع|الويكند|ويك اند|العطله الاسبوعيه/],
  dayAfter: /\bday after tomorrow\b|بعد (?:بكره|بكرا|غد|غدا|بكرة)/,
  tomorrow: [/\b(?:tomorrow|tmrw|tmr)\b/, arWord(['بكرة', 'بكره', 'بكرا', 'غدا', 'غدًا', 'الغد', 'باكر'])],
  today: [/\b(?:today|tonight|this (?:morning|afternoon|evening))\b/, arWord(['اليوم', 'لليوم', 'الليلة', 'هالليلة', 'هاليوم', 'المسا', 'هالمسا'])],
  morning: [/\bmorning\b/, arWord(['الصبح', 'صباحا', 'صباح', 'الصباح', 'ص'])],
  afternoon: [/\bafternoon\b/, /بعد الظهر|العصر|الظهر|عصرا|ظهرا/],
  evening: [/\b(?:evening|tonight|night)\b/, /المساء|مساء|المسا|بالليل|الليله|ليلا/],
};

/** Minutes the zone is ahead of UTC on `today` (chrono reads times in that offset). */
const offsetMinutes = (today: string, timeZone: string) => {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return (Date.UTC(y, m - 1, d, 12) - zonedToInstant(today, '12:00', timeZone).getTime()) / 60_000;
};

const anyOf = (rules: RegExp[], text: string) => rules.some((rule) => rule.test(text));

/**
 * The first day of the region's weekend from today on: today itself on a weekend day (the UAE rests
 * Saturday–Sunday, so its "weekend" on a Friday is tomorrow; Saudi Arabia's is today).
 */
export function weekendStart(today: string, weekend: readonly WeekDay[], next = false): string {
  const todayIndex = new Date(`${today}T00:00:00Z`).getUTCDay();
  if (weekend.includes(WEEK_DAYS[todayIndex]!)) {
    if (!next) return today;
    // "Next weekend" on a weekend day: the one after the weekend under way.
    let day = today;
    while (weekend.includes(WEEK_DAYS[new Date(`${day}T00:00:00Z`).getUTCDay()]!)) day = addCalendarDays(day, 1);
    return weekendStart(day, weekend);
  }
  const ahead = weekend.map((day) => (WEEK_DAYS.indexOf(day) - todayIndex + 7) % 7);
  return addCalendarDays(today, Math.min(...ahead));
}

const DEFAULT_WEEKEND: readonly WeekDay[] = ['friday', 'saturday'];

function findDate(text: string, today: string, chronoDate: string | undefined, weekend: readonly WeekDay[]): string | undefined {
  if (RULES.dayAfter.test(text)) return addCalendarDays(today, 2);
  if (anyOf(RULES.weekend, text)) return weekendStart(today, weekend, /\bnext weekend\b|الاسبوع (?:الجاي|القادم|الجاي)/.test(text));
  if (anyOf(RULES.tomorrow, text)) return addCalendarDays(today, 1);
  const todayIndex = new Date(`${today}T00:00:00Z`).getUTCDay();
  for (const [index, day] of WEEKDAYS.entries()) {
    if (new RegExp(`\\b${day.en}s?\\b`).test(text) || arWord(day.ar).test(text)) {
      // The coming one: "on Sunday", "next Sunday", "الأحد الجاي" all mean the nearest Sunday after today.
      return addCalendarDays(today, ((index - todayIndex + 6) % 7) + 1);
    }
  }
  if (anyOf(RULES.today, text)) return today;
  const numeric = /\b(\d{1,2})[/.-](\d{1,2})(?:[/.-](\d{4}))?\b/.exec(text);
  if (numeric) {
    // Day first, as written across the region (12/1 is the 12th of January).
    const year = numeric[3] ? Number(numeric[3]) : Number(today.slice(0, 4));
    const candidate = `${year}-${numeric[2]!.padStart(2, '0')}-${numeric[1]!.padStart(2, '0')}`;
    if (!Number.isNaN(new Date(`${candidate}T00:00:00Z`).getTime())) {
      return !numeric[3] && candidate < today ? `${year + 1}${candidate.slice(4)}` : candidate;
    }
  }
  return chronoDate;
}

const PM = /^(?:pm|p\.m\.|مساء|مسا|م|العصر|عصرا|الظهر|ظهرا|بالليل|بعد الظهر|الليل)$/;
const AM = /^(?:am|a\.m\.|صباحا|صباح|الصبح|ص|الصباح)$/;

/** Business hours: a bare "at 3" is 15:00, "at 10" is 10:00. */
const toBusinessHour = (hour: number, meridiem?: 'am' | 'pm') => {
  if (meridiem === 'pm' && hour < 12) return hour + 12;
  if (meridiem === 'am') return hour === 12 ? 0 : hour;
  return hour >= 1 && hour <= 7 ? hour + 12 : hour;
};

function findArabicTime(text: string): string | undefined {
  const match =
    /(?:الساعه|ساعه|عال|على|عالساعه)\s*(\d{1,2})(?::(\d{2}))?(?:\s+(\S+(?:\s+الظهر)?))?/.exec(text) ??
    /(?:^|\s)(\d{1,2})(?::(\d{2}))?\s+(صباحا|صباح|الصبح|ص|مساء|مسا|م|العصر|عصرا|الظهر|ظهرا|بالليل|بعد الظهر)(?=$|[\s،,.؟?!])/.exec(text);
  if (!match) return undefined;
  const marker = match[3]?.trim();
  const meridiem = marker && PM.test(marker) ? 'pm' : marker && AM.test(marker) ? 'am' : undefined;
  const hour = toBusinessHour(Number(match[1]), meridiem);
  return hour <= 23 ? `${String(hour).padStart(2, '0')}:${match[2] ?? '00'}` : undefined;
}

const ORDINALS: Array<[RegExp, number]> = [
  [/\b(?:first|1st|number one|number 1|#1)\b|الاول|(?:^|\s)اول(?=\s)|رقم 1\b/, 1],
  [/\b(?:second|2nd|number two|number 2|#2)\b|الثاني|التاني|ثاني واحد|رقم 2\b/, 2],
  [/\b(?:third|3rd|number three|number 3|#3)\b|الثالث|التالت|رقم 3\b/, 3],
  [/\b(?:fourth|4th|number 4|#4)\b|الرابع|رقم 4\b/, 4],
  [/\b(?:fifth|5th|number 5|#5)\b|الخامس|رقم 5\b/, 5],
];

const SORTS: Array<[RegExp, SortOption]> = [
  [/\b(?:cheapest|cheap|lowest price|least expensive|budget)\b|ارخص|الارخص|رخيص/, 'price-low'],
  [/\b(?:most expensive|highest price|premium)\b|اغلي|الاغلي/, 'price-high'],
  [/\b(?:newest|latest|new ones)\b|احدث|الاحدث/, 'newest'],
  [/\b(?:best|top|highest rated|best rated|top rated)\b|افضل|اعلي تقييم|احسن|تقييمه اعلي/, 'rating'],
];

/**
 * Reads the slots of a message in English or Arabic: category (its words in both languages), date
 * and hour in the marketplace's zone (chrono for English, rules for Arabic and Gulf/Levantine
 * wording, Eastern Arabic digits), price limits, sort, booking number, list position and phone.
 */
export function extractEntities(message: string, context: EntityContext): Entities {
  const raw = toAsciiDigits(message);
  const text = normalizeText(raw);
  const entities: Entities = {};
  const today = zonedToday(context.now, context.timeZone);

  const bookingRef = /\bkh-[a-z0-9]{4}-[a-z0-9]{4}\b/i.exec(raw);
  if (bookingRef) entities.bookingRef = bookingRef[0].toUpperCase();
  // Neither a booking number nor a price is a date or an hour.
  const timeText = text.replace(/\bkh-[a-z0-9]{4}-[a-z0-9]{4}\b/g, ' ').replace(/\$\s*\d+|\d+\s*(?:\$|dollars?|usd|دولار)/g, ' ');

  entities.category = findCategory(text);

  const parsed = chrono.parse(timeText, { instant: context.now, timezone: offsetMinutes(today, context.timeZone) }, { forwardDate: true })[0];
  const chronoDate =
    parsed && (parsed.start.isCertain('day') || parsed.start.isCertain('month'))
      ? `${parsed.start.get('year')}-${String(parsed.start.get('month')).padStart(2, '0')}-${String(parsed.start.get('day')).padStart(2, '0')}`
      : undefined;
  entities.date = findDate(timeText, today, chronoDate, context.weekend ?? DEFAULT_WEEKEND);

  const arabicTime = findArabicTime(timeText);
  if (arabicTime) entities.time = arabicTime;
  else if (parsed?.start.isCertain('hour')) {
    const meridiem = parsed.start.isCertain('meridiem') ? (parsed.start.get('meridiem') === 1 ? 'pm' : 'am') : undefined;
    const hour = meridiem ? parsed.start.get('hour')! : toBusinessHour(parsed.start.get('hour')!);
    entities.time = `${String(hour).padStart(2, '0')}:${String(parsed.start.get('minute') ?? 0).padStart(2, '0')}`;
  }
  // "good afternoon" and "مساء الخير" greet; they name no part of a day.
  const dayText = timeText.replace(/\bgood (?:morning|afternoon|evening)\b|صباح الخير|مساء الخير|صباح النور|مساء النور/g, ' ');
  if (!entities.time) {
    if (anyOf(RULES.morning, dayText)) entities.dayPart = 'morning';
    else if (anyOf(RULES.afternoon, dayText)) entities.dayPart = 'afternoon';
    else if (anyOf(RULES.evening, dayText)) entities.dayPart = 'evening';
  }

  const max = /\b(?:under|below|less than|cheaper than|up to|max(?:imum)?|at most)\s*\$?\s*(\d+)|(?:اقل من|تحت|ما يزيد عن|بحدود|لحد)\s*(\d+)/.exec(text);
  if (max) entities.priceMax = Number(max[1] ?? max[2]);
  const min = /\b(?:over|above|more than|at least)\s*\$?\s*(\d+)|(?:اكثر من|فوق)\s*(\d+)/.exec(text);
  if (min) entities.priceMin = Number(min[1] ?? min[2]);
  entities.sortBy = SORTS.find(([rule]) => rule.test(text))?.[1];
  entities.ordinal = ORDINALS.find(([rule]) => rule.test(text))?.[1];
  const phone = /\+?\d[\d ()-]{6,}\d/.exec(raw.replace(/\bkh-[a-z0-9]{4}-[a-z0-9]{4}\b/gi, ''));
  if (phone && phone[0].replace(/\D/g, '').length >= 7) entities.phone = phone[0].trim();

  return Object.fromEntries(Object.entries(entities).filter(([, value]) => value !== undefined)) as Entities;
}
