import type { Language } from '@khidma/contracts';

/** Arabic list (features) in Arabic when it is filled in, otherwise the English list. */
export function pickList(language: Language, en: string[], ar: string[] | null | undefined): string[] {
  return language === 'ar' && ar?.length ? ar : en;
}

const ARABIC_LETTER = /\p{Script=Arabic}/u;

/**
 * The avatar fallback: two initials for Latin names ("Ahmed Salem" → "AS"). Arabic has no capital
 * initials and joins letters, so an Arabic name shows one letter, skipping the article "ال"
 * ("الفارسي للتنظيف" → "ف" rather than a misleading "ال").
 */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0] ?? '';
  if (ARABIC_LETTER.test(first)) return Array.from(first.replace(/^ال(?=.)/u, ''))[0] ?? '';
  return words
    .slice(0, 2)
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
    .toUpperCase();
}
