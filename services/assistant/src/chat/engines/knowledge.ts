import {
  BOOKING,
  BOOKING_SLOTS,
  formatMoney,
  type Language,
  PAYMENT_RULES,
  PROVIDER_REVIEW_HOURS,
} from '@khidma/contracts';
import { DEMO_CATEGORIES } from '@khidma/demo-data';

/**
 * What the assistant knows about the product, in both languages: the built-in engine answers with
 * it and the language model is briefed with it, so the two never tell different stories.
 */
export const INTENTS = [
  'emergency',
  'cancel',
  'payment',
  'provider',
  'pricing',
  'contact',
  'categories',
  'booking',
  'greeting',
] as const;
export type Intent = (typeof INTENTS)[number];

type Localized = Record<Language, string>;

/** Spec §8: the answer to anything the assistant does not recognise. */
export const DEFAULT_REPLY: Localized = {
  en: 'How can I help you with the website?',
  ar: 'كيف يمكنني مساعدتك في الموقع؟',
};

const firstSlot = BOOKING_SLOTS[0];
const lastSlot = BOOKING_SLOTS[BOOKING_SLOTS.length - 1];
const testCard = PAYMENT_RULES.testCard.replace(/(\d{4})(?=\d)/g, '$1 ');
const categoryNames = {
  en: DEMO_CATEGORIES.map((category) => category.name).join(', '),
  ar: DEMO_CATEGORIES.map((category) => category.nameAr).join('، '),
};
const startingPrices = {
  en: DEMO_CATEGORIES.map((category) => `${category.name} ${formatMoney(category.startingPrice, 'en')}`).join(', '),
  ar: DEMO_CATEGORIES.map((category) => `${category.nameAr} ${formatMoney(category.startingPrice, 'ar')}`).join('، '),
};

export const ANSWERS: Record<Intent, Localized> = {
  greeting: {
    en: 'Hello! I am the Khidma assistant. I can help you book a service, explain our cancellation and payment policies, or help you become a provider. What would you like to do?',
    ar: 'مرحباً! أنا مساعد خدمة. يمكنني مساعدتك في حجز خدمة، وشرح سياسات الإلغاء والدفع، أو الانضمام كمزوّد خدمة. بماذا أساعدك؟',
  },
  booking: {
    en: `To book a service: 1) browse /services or pick a category, 2) open a service and press Book Now, 3) choose a date and a time between ${firstSlot} and ${lastSlot}, then enter your address and phone number, 4) confirm and pay. Your bookings are listed under My Bookings.`,
    ar: `لحجز خدمة: 1) تصفّح الخدمات في /services أو اختر فئة، 2) افتح الخدمة واضغط «احجز الآن»، 3) اختر التاريخ ووقتاً بين ${firstSlot} و${lastSlot} ثم أدخل عنوانك ورقم هاتفك، 4) أكّد الحجز وادفع. تجد حجوزاتك في صفحة «حجوزاتي».`,
  },
  cancel: {
    en: `You can cancel or reschedule a booking up to 2 hours before it starts. Open My Bookings, choose the booking, press Cancel and give a short reason (at least ${BOOKING.cancelReasonMinLength} characters).`,
    ar: `يمكنك إلغاء الحجز أو تغيير موعده حتى ساعتين قبل بدايته. افتح «حجوزاتي» واختر الحجز واضغط «إلغاء» ثم اكتب سبباً قصيراً (${BOOKING.cancelReasonMinLength} أحرف على الأقل).`,
  },
  payment: {
    en: `Payments on Khidma are test payments: no real money is charged. After booking, pay by card or Apple Pay; for a card use the test number ${testCard} with any future expiry (MM/YY) and any 3-4 digit CVV. There is no service fee.`,
    ar: `المدفوعات في خدمة تجريبية ولا تُخصم أي أموال حقيقية. بعد الحجز ادفع بالبطاقة أو Apple Pay؛ وللبطاقة استخدم الرقم التجريبي ${testCard} مع أي تاريخ انتهاء مستقبلي (MM/YY) وأي رمز CVV من 3 أو 4 أرقام. لا توجد رسوم خدمة.`,
  },
  provider: {
    en: `To become a provider, apply at /provider-signup with your business details, an ID card image and a certification. Our team reviews applications within ${PROVIDER_REVIEW_HOURS} hours; once approved you get the provider dashboard.`,
    ar: `لتصبح مزوّد خدمة، قدّم طلبك من /provider-signup مع بيانات نشاطك وصورة الهوية وشهادة مهنية. يراجع فريقنا الطلبات خلال ${PROVIDER_REVIEW_HOURS} ساعة، وبعد الموافقة تحصل على لوحة تحكم المزوّد.`,
  },
  categories: {
    en: `We offer ${DEMO_CATEGORIES.length} categories: ${categoryNames.en}. Browse them all at /services.`,
    ar: `لدينا ${DEMO_CATEGORIES.length} فئة: ${categoryNames.ar}. تصفّحها كلها في /services.`,
  },
  pricing: {
    en: `Each provider sets its price, per hour or per job, and you see it before you book; there is no service fee. Starting prices: ${startingPrices.en}.`,
    ar: `يحدد كل مزوّد سعره بالساعة أو لكل مهمة، ويظهر لك السعر قبل الحجز دون رسوم خدمة. الأسعار تبدأ من: ${startingPrices.ar}.`,
  },
  contact: {
    en: 'You can reach our support team from the Contact page (/contact): choose a topic and send us a message. We reply within 2 hours.',
    ar: 'يمكنك التواصل مع فريق الدعم من صفحة «اتصل بنا» (/contact): اختر نوع الاستفسار وأرسل رسالتك، ونرد خلال ساعتين.',
  },
  emergency: {
    en: 'For urgent jobs we offer emergency service: a provider usually reaches you within 2-4 hours. Book the service and say it is urgent in the details, or call the emergency hotline on the Contact page.',
    ar: 'نوفر خدمة الطوارئ للأعمال العاجلة: يصل إليك مزوّد عادةً خلال 2-4 ساعات. احجز الخدمة واذكر أنها عاجلة في التفاصيل، أو اتصل بخط الطوارئ في صفحة «اتصل بنا».',
  },
};

/** A question per intent, worded so the engine recognises it: the follow-ups the widget offers. */
const QUESTIONS: Record<Exclude<Intent, 'greeting'>, Localized> = {
  booking: { en: 'How do I book a service?', ar: 'كيف أحجز خدمة؟' },
  cancel: {
    en: 'Can I cancel or reschedule a booking?',
    ar: 'هل يمكنني إلغاء الحجز أو تغيير موعده؟',
  },
  payment: { en: 'How do I pay?', ar: 'كيف أدفع؟' },
  provider: { en: 'How do I become a provider?', ar: 'كيف أصبح مزوّد خدمة؟' },
  categories: { en: 'What categories do you offer?', ar: 'ما هي فئات الخدمات؟' },
  pricing: { en: 'How much do services cost?', ar: 'كم تكلفة الخدمات؟' },
  contact: { en: 'How do I contact support?', ar: 'كيف أتواصل مع الدعم؟' },
  emergency: { en: 'Do you offer emergency service?', ar: 'هل لديكم خدمة طوارئ؟' },
};

type FollowUp = keyof typeof QUESTIONS;

const FOLLOW_UPS: Record<Intent | 'unknown', FollowUp[]> = {
  greeting: ['booking', 'categories', 'provider'],
  booking: ['payment', 'cancel', 'pricing'],
  cancel: ['booking', 'contact'],
  payment: ['booking', 'pricing', 'cancel'],
  provider: ['categories', 'contact'],
  categories: ['pricing', 'booking'],
  pricing: ['categories', 'booking', 'payment'],
  contact: ['emergency', 'cancel'],
  emergency: ['booking', 'contact'],
  unknown: ['booking', 'categories', 'contact'],
};

export const followUps = (intent: Intent | null, language: Language): string[] =>
  FOLLOW_UPS[intent ?? 'unknown'].map((next) => QUESTIONS[next][language]);

const SYSTEM_INTRO: Localized = {
  en: 'You are the product assistant of Khidma, a marketplace in English and Arabic where clients find and book local services from independent providers. Khidma only connects clients and providers; providers are independent contractors. Answer in English, briefly and in plain text, and only about using the website. Use these facts and do not invent others:',
  ar: 'أنت المساعد الآلي لمنصة خدمة، وهي سوق باللغتين العربية والإنجليزية يجد فيه العملاء الخدمات المحلية ويحجزونها من مزوّدين مستقلين. تقتصر المنصة على الربط بين العملاء والمزوّدين، والمزوّدون متعاقدون مستقلون. أجب باللغة العربية، باختصار وبنص عادي، وفقط عن استخدام الموقع. استخدم هذه الحقائق ولا تخترع غيرها:',
};

const SYSTEM_OUTRO: Localized = {
  en: `If a question is not about the website, answer: "${DEFAULT_REPLY.en}"`,
  ar: `إذا لم يكن السؤال عن الموقع فأجب: «${DEFAULT_REPLY.ar}»`,
};

/** The language model's briefing, in the user's language. */
export const systemPrompt = (language: Language): string =>
  [
    SYSTEM_INTRO[language],
    ...INTENTS.filter((intent) => intent !== 'greeting').map(
      (intent) => `- ${ANSWERS[intent][language]}`,
    ),
    SYSTEM_OUTRO[language],
  ].join('\n');
