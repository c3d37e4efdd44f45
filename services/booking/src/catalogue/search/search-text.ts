/**
 * Search text as the catalogue compares it: lower case, Latin accents dropped, Arabic letter variants
 * folded (أ إ آ ٱ → ا, ة → ه, ى → ي), Arabic diacritics and tatweel removed, then split into words.
 * The same function writes the index and reads the query, so both sides always agree.
 */

/** Index terms are cut here: a prefix search still finds longer words by their first 64 letters. */
export const MAX_TERM_LENGTH = 64;

/** How much a word counts by where it was found (spec: title before category/provider before description). */
export const TERM_WEIGHTS = { title: 4, category: 2, provider: 2, description: 1 } as const;

// Harakat, tanween, shadda, sukun, superscript alef and Quranic marks; U+0640 is tatweel (kashida).
const ARABIC_MARKS = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED\u0640]/g;
const LATIN_MARKS = /\p{M}/gu;
/**
 * The definite article and the one-letter particles that fuse with it (وال، بال، فال، كال، لل): "التنظيف"
 * and "تنظيف" are the same word to a searcher. Kept when fewer than two letters would remain.
 */
const ARABIC_ARTICLE = /^(?:[وبفك]?ال|لل)(?=\p{L}{2})/u;

/** Words too common to narrow a search; since every query word must match, they are skipped. */
const STOP_WORDS = new Set([
  'a', 'an', 'and', 'the', 'of', 'for', 'in', 'on', 'at', 'to', 'with', 'by', 'or', 'your', 'our',
  'و', 'في', 'من', 'علي', 'الي', 'عن', 'مع', 'او',
]);

export function normalizeText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(LATIN_MARKS, '')
    .replace(ARABIC_MARKS, '')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ة/g, 'ه')
    .replace(/ى/g, 'ي')
    .toLowerCase();
}

/** The searchable words of `text`, normalized, without stop words. */
function words(text: string): string[] {
  return normalizeText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word && !STOP_WORDS.has(word))
    .map((word) => [...word].slice(0, MAX_TERM_LENGTH).join(''));
}

/** Every form of `word` with one more apparent article dropped: "الاليفه" → ["الاليفه", "اليفه", "يفه"]. */
function articleForms(word: string): string[] {
  const forms = [word];
  for (let form = word.replace(ARABIC_ARTICLE, ''); form !== forms.at(-1); form = form.replace(ARABIC_ARTICLE, '')) forms.push(form);
  return forms;
}

/**
 * The words of a query, each to be matched as a prefix, with every apparent article dropped
 * ("التنظيف" → "تنظيف"); the index holds that form of every word too.
 */
export function queryWords(text: string): string[] {
  return [...new Set(words(text).map((word) => articleForms(word).at(-1) ?? word))];
}

/**
 * The terms a text is indexed under: each word as written and every form with an apparent article
 * dropped. All of them, because after folding an article cannot be told from a word's own first
 * letters: "أليفة" folds to "اليفه", which a searcher may type with or without "ال" in front.
 */
function indexWords(text: string): string[] {
  return words(text).flatMap(articleForms);
}

export interface SearchableService {
  title: string;
  titleAr: string;
  description: string;
  descriptionAr: string;
  categoryName: string;
  categoryNameAr: string;
  providerName: string;
  providerNameAr: string;
}

/** Each distinct word of a service with the weight of the best place it occurs in. */
export function serviceWords(service: SearchableService): Map<string, number> {
  const found = new Map<string, number>();
  const add = (weight: number, ...texts: string[]) => {
    for (const word of texts.flatMap(indexWords)) found.set(word, Math.max(weight, found.get(word) ?? 0));
  };
  add(TERM_WEIGHTS.title, service.title, service.titleAr);
  add(TERM_WEIGHTS.category, service.categoryName, service.categoryNameAr);
  add(TERM_WEIGHTS.provider, service.providerName, service.providerNameAr);
  add(TERM_WEIGHTS.description, service.description, service.descriptionAr);
  return found;
}

/**
 * The terms a service is found under: every start of each of its words ("c", "cl", … "cleaning"), with
 * the best weight of its words under it. A query word matches words as a prefix by being one term
 * (edge n-grams): whatever it is the start of, a search reads one range of the index and its count is
 * the term's counter rows, where matching under LIKE read every word under the prefix and merged them.
 */
export function searchTerms(service: SearchableService): Map<string, number> {
  const terms = new Map<string, number>();
  for (const [word, weight] of serviceWords(service)) {
    // By code point, so a letter outside the BMP is never cut in half.
    const letters = [...word];
    for (let length = 1; length <= letters.length; length++) {
      const term = letters.slice(0, length).join('');
      terms.set(term, Math.max(weight, terms.get(term) ?? 0));
    }
  }
  return terms;
}
