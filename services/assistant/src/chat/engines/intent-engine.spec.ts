import { DEMO_CATEGORIES } from '@khidma/demo-data';
import { IntentEngine } from './intent-engine.js';
import { ANSWERS, DEFAULT_REPLY, type Intent } from './knowledge.js';
import { normalizeText } from '../../nlu/normalize.js';

const engine = new IntentEngine();
const ask = (message: string, language: 'en' | 'ar' = 'en') =>
  engine.reply({ message, language, history: [] });

const EXAMPLES: Record<Intent, { en: string[]; ar: string[] }> = {
  greeting: { en: ['Hello', 'hi there', 'Good morning!'], ar: ['مرحبا', 'السلام عليكم', 'أهلاً'] },
  booking: {
    en: ['How do I book a cleaner?', 'I want to make a reservation', 'schedule an appointment'],
    ar: ['كيف أحجز خدمة؟', 'أريد حجز سباك', 'أبغى موعد'],
  },
  cancel: {
    en: ['How do I cancel my booking?', 'Can I reschedule?', 'I need to change my appointment'],
    ar: ['كيف ألغي الحجز؟', 'أريد إلغاء الحجز', 'هل يمكن تأجيل الموعد؟'],
  },
  payment: {
    en: ['How do I pay?', 'Which card can I use?', 'Do you accept Apple Pay?'],
    ar: ['كيف أدفع؟', 'هل تقبلون البطاقة؟', 'طريقة الدفع'],
  },
  provider: {
    en: ['How do I become a provider?', 'I want to offer my services', 'Can I join as a plumber?'],
    ar: ['كيف أصبح مزود خدمة؟', 'أريد الانضمام إليكم', 'التسجيل كمقدم خدمة'],
  },
  categories: {
    en: ['What categories do you have?', 'Which services are available?', 'what kinds of services'],
    ar: ['ما هي الفئات؟', 'ما هي الخدمات المتوفرة؟', 'أنواع الخدمات عندكم'],
  },
  pricing: {
    en: ['How much does cleaning cost?', 'What are your prices?', 'Is it expensive?'],
    ar: ['كم سعر التنظيف؟', 'ما هي الأسعار؟', 'بكم السباكة؟'],
  },
  contact: {
    en: ['How can I contact you?', 'I need support', 'Can I talk to a human?'],
    ar: ['كيف أتواصل معكم؟', 'أحتاج الدعم', 'رقم خدمة العملاء'],
  },
  emergency: {
    en: ['I have an emergency', 'I need a plumber urgently', 'can someone come right away?'],
    ar: ['عندي حالة طارئة', 'أحتاج كهربائي بشكل عاجل', 'خدمة الطوارئ'],
  },
};

describe('IntentEngine', () => {
  describe.each(Object.entries(EXAMPLES) as Array<[Intent, { en: string[]; ar: string[] }]>)(
    '%s',
    (intent, examples) => {
      it.each(examples.en)('recognises "%s" and answers in English', async (message) => {
        expect(engine.detect(message)).toBe(intent);
        expect((await ask(message, 'en')).response).toBe(ANSWERS[intent].en);
      });
      it.each(examples.ar)('recognises "%s" and answers in Arabic', async (message) => {
        expect(engine.detect(message)).toBe(intent);
        expect((await ask(message, 'ar')).response).toBe(ANSWERS[intent].ar);
      });
    },
  );

  it('answers in the asked language, whatever the language of the question', async () => {
    expect((await ask('كيف أدفع؟', 'en')).response).toBe(ANSWERS.payment.en);
    expect((await ask('How do I pay?', 'ar')).response).toBe(ANSWERS.payment.ar);
  });

  it('reads Arabic written with or without hamzas, taa marbuta, alef maqsura and diacritics', () => {
    for (const spelling of ['إلغاء الحجز', 'الغاء الحجز', 'أَلْغِي الحَجْز', 'إِلْغَاءُ'])
      expect(engine.detect(spelling)).toBe('cancel');
    for (const spelling of ['بطاقة', 'بطاقه', 'البِطاقَة'])
      expect(engine.detect(spelling)).toBe('payment');
    for (const spelling of ['ضروري', 'ضرورى']) expect(engine.detect(spelling)).toBe('emergency');
    for (const spelling of ['آهلا', 'أهلا', 'اهلاً', 'أهـــلا'])
      expect(engine.detect(spelling)).toBe('greeting');
  });

  it('prefers the specific intent when a message touches several', () => {
    expect(engine.detect('hi, how do I cancel my booking?')).toBe('cancel');
    expect(engine.detect('how do I pay for my booking')).toBe('payment');
    expect(engine.detect('emergency booking please')).toBe('emergency');
  });

  it('does not see greetings inside other words', () => {
    expect(engine.detect('this and that')).toBeNull();
    expect(engine.detect('which ones should I think about')).toBeNull();
  });

  it('gives the spec default reply to anything else, in both languages', async () => {
    expect((await ask('What is the weather tomorrow?', 'en')).response).toBe(
      'How can I help you with the website?',
    );
    expect((await ask('ما هو الطقس غدا؟', 'ar')).response).toBe(DEFAULT_REPLY.ar);
    expect((await ask('ما هو الطقس غدا؟', 'ar')).suggestions).toHaveLength(3);
  });

  it('states the policies of the spec', () => {
    expect(ANSWERS.cancel.en).toContain('2 hours');
    expect(ANSWERS.cancel.ar).toContain('ساعتين');
    expect(ANSWERS.payment.en).toContain('4242 4242 4242 4242');
    expect(ANSWERS.payment.ar).toContain('4242 4242 4242 4242');
    expect(ANSWERS.provider.en).toContain('/provider-signup');
    expect(ANSWERS.provider.en).toContain('24-48 hours');
    expect(ANSWERS.provider.ar).toContain('24-48');
    expect(ANSWERS.contact.en).toContain('within 2 hours');
    expect(ANSWERS.contact.ar).toContain('ساعتين');
    expect(ANSWERS.emergency.en).toContain('2-4 hours');
    expect(ANSWERS.emergency.ar).toContain('2-4');
    expect(DEMO_CATEGORIES).toHaveLength(12);
    for (const category of DEMO_CATEGORIES) {
      expect(ANSWERS.categories.en).toContain(category.name);
      expect(ANSWERS.categories.ar).toContain(category.nameAr);
      expect(ANSWERS.pricing.en).toContain(`${category.name} $${category.startingPrice}`);
    }
  });

  it.each(['en', 'ar'] as const)(
    'offers 2-3 follow-ups in %s that it recognises itself',
    async (language) => {
      for (const intent of Object.keys(EXAMPLES) as Intent[]) {
        const { suggestions } = await ask(EXAMPLES[intent][language][0]!, language);
        expect(suggestions!.length).toBeGreaterThanOrEqual(2);
        expect(suggestions!.length).toBeLessThanOrEqual(3);
        for (const suggestion of suggestions!) {
          expect(engine.detect(suggestion)).not.toBeNull();
          expect(/[\u0600-\u06FF]/.test(suggestion)).toBe(language === 'ar');
        }
      }
    },
  );
});

describe('normalizeText', () => {
  it('folds Arabic letter variants and strips diacritics and tatweel', () => {
    expect(normalizeText('أإآٱ')).toBe('اااا');
    expect(normalizeText('خدمة')).toBe('خدمه');
    expect(normalizeText('متى')).toBe('متي');
    expect(normalizeText('مَرْحَبًا')).toBe('مرحبا');
    expect(normalizeText('مرحـــبا')).toBe('مرحبا');
    expect(normalizeText('  Hello   THERE ')).toBe('hello there');
  });
});
