import { useMemo } from 'react';
import type { Language } from '@khidma/contracts';
import { formatCalendarDate, formatDate, type DateFormatOptions } from './format.js';
import { useShowHijri } from './hijri.js';
import { currentLanguage } from './i18n.js';

const MEDIUM_DATE: DateFormatOptions = { dateStyle: 'medium' };

/** The date formatters of a page, bound to its language and to the user's "Show Hijri dates" choice. */
export interface DateFormat {
  language: Language;
  /** An instant (a message, a deadline, an account's creation), in the viewer's zone. */
  formatDate(value: Date | string | number, options?: DateFormatOptions): string;
  /** A calendar day `YYYY-MM-DD` (a booking day), never moved by the viewer's zone. */
  formatCalendarDate(date: string, options?: DateFormatOptions): string;
}

/**
 * Every page date goes through here, so each one follows the Hijri preference without being told
 * (an explicit `hijri: false` still opts out); the component re-renders when the language or the choice changes.
 */
export function useDateFormat(): DateFormat {
  const hijri = useShowHijri();
  const language = currentLanguage();
  return useMemo(
    () => ({
      language,
      formatDate: (value, options = MEDIUM_DATE) =>
        formatDate(value, language, { hijri, ...options }),
      formatCalendarDate: (date, options = MEDIUM_DATE) =>
        formatCalendarDate(date, language, { hijri, ...options }),
    }),
    [language, hijri],
  );
}
