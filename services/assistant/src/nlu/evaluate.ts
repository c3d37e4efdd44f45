import type { Language } from '@khidma/contracts';
import type { Entities } from './entities.js';
import type { NaturalLanguage } from './nlu.js';

export interface LabelledUtterance {
  language: Language;
  text: string;
  intent: string;
  slots: Partial<Entities>;
}

export interface LanguageScore {
  utterances: number;
  intentAccuracy: number;
  slotPrecision: number;
  slotRecall: number;
  slotF1: number;
  misses: Array<{ text: string; expected: string; got: string | null; slots?: { expected: Partial<Entities>; got: Entities } }>;
}

const SLOT_KEYS = ['category', 'date', 'time', 'dayPart', 'priceMax', 'priceMin', 'sortBy', 'bookingRef', 'ordinal'] as const;

/** Intent accuracy and slot precision / recall / F1 (exact slot=value pairs) of a labelled set, per language. */
export async function evaluate(
  nlu: NaturalLanguage,
  set: { now: string; timeZone: string; utterances: LabelledUtterance[] },
): Promise<Record<Language, LanguageScore>> {
  const context = { now: new Date(set.now), timeZone: set.timeZone };
  const scores = {} as Record<Language, LanguageScore>;
  for (const language of ['en', 'ar'] as const) {
    const items = set.utterances.filter((item) => item.language === language);
    let correct = 0;
    let truePositives = 0;
    let predicted = 0;
    let expected = 0;
    const misses: LanguageScore['misses'] = [];
    for (const item of items) {
      const understood = await nlu.understand(item.text, context);
      if (understood.intent === item.intent) correct++;
      const got = SLOT_KEYS.filter((key) => understood.entities[key] !== undefined);
      const want = SLOT_KEYS.filter((key) => item.slots[key] !== undefined);
      predicted += got.length;
      expected += want.length;
      const matched = want.filter((key) => understood.entities[key] === item.slots[key]).length;
      truePositives += matched;
      if (understood.intent !== item.intent || matched !== want.length || got.length !== want.length) {
        misses.push({
          text: item.text,
          expected: item.intent,
          got: understood.intent,
          ...(matched !== want.length || got.length !== want.length ? { slots: { expected: item.slots, got: understood.entities } } : {}),
        });
      }
    }
    const precision = predicted ? truePositives / predicted : 1;
    const recall = expected ? truePositives / expected : 1;
    scores[language] = {
      utterances: items.length,
      intentAccuracy: items.length ? correct / items.length : 0,
      slotPrecision: precision,
      slotRecall: recall,
      slotF1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0,
      misses,
    };
  }
  return scores;
}
