// Harakat and Quranic marks, the superscript alef and the tatweel: optional in written Arabic.
const ARABIC_MARKS = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED\u0640]/g;

/**
 * Folds the spellings people actually type onto one form before matching: lower case, no Arabic
 * diacritics, hamzated alefs (أ إ آ ٱ) as ا, taa marbuta (ة) as ه and alef maqsura (ى) as ي.
 */
export function normalizeText(text: string): string {
  return text
    .toLowerCase()
    .replace(ARABIC_MARKS, '')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ة/g, 'ه')
    .replace(/ى/g, 'ي')
    .replace(/[’‘]/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}
