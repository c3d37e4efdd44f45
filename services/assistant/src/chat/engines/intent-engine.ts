import { Injectable } from '@nestjs/common';
import { type AssistantEngine, type ChatReply, type EngineInput } from './assistant-engine.js';
import { ANSWERS, DEFAULT_REPLY, followUps, type Intent, INTENTS } from './knowledge.js';
import { normalizeText } from '../../nlu/normalize.js';

interface Cues {
  /** English: whole words, so "hi" never matches inside "this". */
  en: RegExp;
  /**
   * Arabic: stems found anywhere in the normalised text, since Arabic glues articles, prepositions
   * and pronouns to words (الحجز، بالبطاقة، حجزي). Written naturally; normalised at load.
   */
  ar: string[];
}

const CUES: Record<Intent, Cues> = {
  emergency: {
    en: /\b(emergenc\w*|urgent\w*|asap|right away|immediately)\b/,
    ar: ['طوارئ', 'طارئ', 'عاجل', 'مستعجل', 'ضروري', 'فوراً'],
  },
  cancel: {
    en: /\b(cancel\w*|reschedul\w*|postpon\w*|change (my|the) (booking|appointment|date|time))\b/,
    ar: ['إلغاء', 'ألغي', 'يلغي', 'تأجيل', 'أؤجل', 'تغيير موعد', 'تغيير الموعد', 'إعادة جدولة'],
  },
  payment: {
    en: /\b(pay|pays|paying|paid|payments?|cards?|credit|debit|apple pay|checkout|refunds?|visa|mastercard)\b/,
    ar: ['دفع', 'بطاقة', 'فيزا', 'استرداد'],
  },
  provider: {
    en: /\b(providers?|join as|work with you|offer my services|sell my services|list my services|register as a\w*)\b/,
    ar: ['مزود', 'مقدم خدمة', 'مقدم الخدمة', 'انضم', 'انضمام'],
  },
  pricing: {
    en: /\b(prices?|pricing|costs?|how much|fees?|rates?|cheap\w*|expensive|quotes?)\b/,
    ar: ['سعر', 'أسعار', 'تكلف', 'كلفة', 'بكم', 'رسوم'],
  },
  contact: {
    en: /\b(contact\w*|support|customer service|help ?desk|reach (you|someone|a human)|talk to|speak to|phone number|call you|e-?mail you)\b/,
    ar: ['تواصل', 'اتصل', 'اتصال', 'الدعم', 'دعم فني', 'خدمة العملاء'],
  },
  categories: {
    en: /\b(categor\w*|(what|which) services|services (do )?you (offer|have|provide)|(kinds?|types?) of services?)\b/,
    ar: ['فئات', 'الفئات', 'أقسام', 'تصنيفات', 'أنواع الخدمات', 'ما هي الخدمات', 'خدماتكم'],
  },
  booking: {
    en: /\b(book\w*|reserv\w*|schedul\w*|appointments?|hire)\b/,
    ar: ['حجز', 'احجز', 'موعد'],
  },
  greeting: {
    en: /\b(hello|hi|hey|hiya|good (morning|afternoon|evening)|greetings|salam|assalamu? ?alaikum)\b/,
    ar: ['مرحبا', 'أهلا', 'سلام', 'صباح الخير', 'مساء الخير'],
  },
};

const NORMALIZED_AR = Object.fromEntries(
  INTENTS.map((intent) => [intent, CUES[intent].ar.map(normalizeText)]),
) as Record<Intent, string[]>;

/**
 * The built-in assistant (the default, and the fallback of the language model): recognises what a
 * message asks in English or Arabic and answers in the user's language. Intents are tried in order
 * of INTENTS, most specific first, so "cancel my booking" is about cancelling, not booking.
 */
@Injectable()
export class IntentEngine implements AssistantEngine {
  detect(message: string): Intent | null {
    const text = normalizeText(message);
    return (
      INTENTS.find(
        (intent) =>
          CUES[intent].en.test(text) || NORMALIZED_AR[intent].some((cue) => text.includes(cue)),
      ) ?? null
    );
  }

  async reply({ message, language }: EngineInput): Promise<ChatReply> {
    const intent = this.detect(message);
    return {
      response: intent ? ANSWERS[intent][language] : DEFAULT_REPLY[language],
      suggestions: followUps(intent, language),
    };
  }
}
