import type { Language } from '@khidma/contracts';

/** The Arabic field in Arabic when it has content, otherwise the English one (spec §1 falls back to English). */
export function pick(language: Language, en: string, ar: string | null | undefined): string {
  return language === 'ar' && ar?.trim() ? ar : en;
}

/** Arabic list (features) in Arabic when it is filled in, otherwise the English list. */
export function pickList(language: Language, en: string[], ar: string[] | null | undefined): string[] {
  return language === 'ar' && ar?.length ? ar : en;
}

/** Up to two initials for the avatar fallback ("Ahmed Salem" → "AS"; Arabic names work the same way). */
export function initials(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
    .toUpperCase();
}
