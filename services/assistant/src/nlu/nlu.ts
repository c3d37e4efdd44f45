import { readFileSync } from 'node:fs';
import type { Language } from '@khidma/contracts';
import { containerBootstrap } from '@nlpjs/core';
import { LangAr } from '@nlpjs/lang-ar';
import { LangEn } from '@nlpjs/lang-en-min';
import { Nlp } from '@nlpjs/nlp';
import { type Entities, type EntityContext, extractEntities, toAsciiDigits } from './entities.js';

export const INTENTS = [
  'greeting',
  'faq_booking',
  'faq_cancel',
  'faq_payment',
  'faq_provider',
  'faq_categories',
  'faq_pricing',
  'faq_contact',
  'faq_emergency',
  'search_services',
  'check_availability',
  'book_service',
  'cancel_booking',
  'reschedule_booking',
  'my_bookings',
  'my_notifications',
  'provider_jobs',
  'provider_accept',
  'provider_start',
  'provider_complete',
  'admin_pending',
] as const;
export type Intent = (typeof INTENTS)[number];

/** Below this classifier score a message is not understood (the engine says so and offers help). */
export const MIN_SCORE = 0.5;

export interface Understanding {
  intent: Intent | null;
  score: number;
  /** The language the message is written in (Arabic script or not). */
  language: Language;
  entities: Entities;
}

/** `None`: out-of-scope talk (weather, jokes, thanks) the classifier learns to leave alone. */
type Corpus = Record<Intent | 'None', string[]>;
type Fillers = Record<Language, Record<string, string[]>>;

const readJson = <T>(name: string): T => JSON.parse(readFileSync(new URL(`./corpus/${name}`, import.meta.url), 'utf8')) as T;

/**
 * The training utterances of a language: each template of corpus/<lang>.json, its {placeholders}
 * filled in turn with the fillers of corpus/fillers.json (a few variants per template).
 */
export function trainingUtterances(language: Language): Array<{ text: string; intent: Intent | 'None' }> {
  const corpus = readJson<Corpus>(`${language}.json`);
  const fillers = readJson<Fillers>('fillers.json')[language];
  const variants = 3;
  return [...INTENTS, 'None' as const].flatMap((intent) =>
    corpus[intent].flatMap((template, t) => {
      if (!template.includes('{')) return [{ text: template, intent }];
      return Array.from({ length: variants }, (_, v) => ({
        intent,
        text: template.replace(/\{(\w+)\}/g, (_, slot: string) => {
          const options = fillers[slot]!;
          return options[(t * 7 + v * 5 + slot.length) % options.length]!;
        }),
      }));
    }),
  );
}

export const languageOf = (text: string): Language => (/[\u0600-\u06FF]/.test(text) ? 'ar' : 'en');

/**
 * The embedded natural-language understanding: an NLP.js intent classifier per language (English
 * and Arabic stemmers, a neural classifier) trained from the corpus at start, plus the entity
 * reader. Training takes well under a second and nothing leaves the process.
 */
export class NaturalLanguage {
  private constructor(private readonly nlp: { process(locale: string, text: string): Promise<{ intent: string; score: number }> }) {}

  static async train(): Promise<NaturalLanguage> {
    const container = await containerBootstrap();
    container.use(Nlp);
    container.use(LangEn);
    container.use(LangAr);
    const nlp = container.get('nlp');
    nlp.settings.autoSave = false;
    nlp.settings.log = false;
    nlp.settings.nlu = { log: false };
    nlp.addLanguage('en');
    nlp.addLanguage('ar');
    for (const language of ['en', 'ar'] as const) {
      for (const { text, intent } of trainingUtterances(language)) nlp.addDocument(language, text, intent);
    }
    await nlp.train();
    return new NaturalLanguage(nlp);
  }

  async understand(message: string, context: EntityContext): Promise<Understanding> {
    const language = languageOf(message);
    const { intent, score } = await this.nlp.process(language, toAsciiDigits(message));
    const known = score >= MIN_SCORE && (INTENTS as readonly string[]).includes(intent);
    return { intent: known ? (intent as Intent) : null, score, language, entities: extractEntities(message, context) };
  }
}
