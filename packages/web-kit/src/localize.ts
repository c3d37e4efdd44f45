import type { Language } from '@khidma/contracts';

/** The Arabic text in Arabic when it has content, otherwise the English one (spec §1 falls back to English). */
export function localized(language: Language, en: string, ar: string | null | undefined): string {
  return language === 'ar' && ar?.trim() ? ar : en;
}

/**
 * A name or other typed text put into a translated sentence, wrapped in a first-strong isolate:
 * "Aziz Handyman 288" keeps its own order (and the sentence's full stop stays at its end) inside Arabic.
 */
export const isolate = (text: string): string => `\u2068${text}\u2069`;
