import { normalizeText } from './normalize.js';

/**
 * Words people use for each category, in English and Arabic (Gulf and Levantine wording included).
 * English entries are matched as whole-word stems, Arabic ones anywhere in the normalised text
 * (Arabic glues articles and prepositions to words: بالتنظيف، للسباكة).
 */
export const CATEGORY_WORDS: Record<string, { en: string[]; ar: string[] }> = {
  cleaning: {
    en: ['cleaning', 'cleaner', 'cleaners', 'clean', 'deep clean', 'housekeeping', 'maid', 'tidy'],
    ar: ['تنظيف', 'نظافة', 'تنظيف عميق', 'ينظف', 'تنظف', 'ينضف', 'عاملة نظافة', 'منظف', 'تنضيف', 'تنظيفات'],
  },
  plumbing: {
    en: ['plumbing', 'plumber', 'plumbers', 'leak', 'leaking', 'pipe', 'pipes', 'drain', 'faucet', 'tap', 'toilet'],
    ar: ['سباكة', 'سباك', 'سباكين', 'تسريب', 'تسرب', 'مواسير', 'حنفية', 'مجاري', 'بربيش'],
  },
  electrical: {
    en: ['electrical', 'electrician', 'electricians', 'electric', 'wiring', 'socket', 'outlet', 'lights', 'fuse'],
    ar: ['كهرباء', 'كهربائي', 'كهربجي', 'فني كهرباء', 'تمديدات', 'فيش', 'افياش', 'قاطع'],
  },
  delivery: {
    en: ['delivery', 'deliver', 'courier', 'parcel', 'package', 'moving', 'movers'],
    ar: ['توصيل', 'مندوب', 'طرد', 'شحنة', 'نقل عفش', 'توصيله'],
  },
  maintenance: {
    en: ['maintenance', 'handyman', 'repair', 'repairs', 'fix', 'air conditioner', 'ac'],
    ar: ['صيانة', 'تصليح', 'اصلاح', 'فني صيانة', 'مكيف', 'تكييف'],
  },
  painting: {
    en: ['painting', 'painter', 'painters', 'paint', 'repaint', 'wallpaper'],
    ar: ['دهان', 'دهانات', 'صباغ', 'صبغ', 'طلاء', 'دهين', 'بوية'],
  },
  gardening: {
    en: ['gardening', 'gardener', 'gardeners', 'garden', 'lawn', 'yard', 'landscaping', 'trees'],
    ar: ['حدائق', 'حديقة', 'جنينة', 'بستاني', 'زراعة', 'عشب', 'تنسيق حدائق'],
  },
  tutoring: {
    en: ['tutoring', 'tutor', 'tutors', 'lessons', 'lesson', 'teacher', 'homework', 'math'],
    ar: ['دروس', 'مدرس', 'معلم', 'مدرسة خصوصية', 'درس خصوصي', 'دروس خصوصية', 'استاذ'],
  },
  automotive: {
    en: ['automotive', 'mechanic', 'mechanics', 'car', 'cars', 'car wash', 'tyre', 'tire', 'oil change'],
    ar: ['سيارات', 'سيارة', 'ميكانيكي', 'غسيل سيارات', 'كراج', 'بنشر', 'سياره'],
  },
  petcare: {
    en: ['pet care', 'petcare', 'pet', 'pets', 'dog', 'dogs', 'cat', 'cats', 'dog walker', 'grooming', 'walk my dog'],
    ar: ['حيوانات', 'حيوان', 'قطة', 'قطط', 'كلب', 'كلاب', 'رعاية الحيوانات', 'بيطري', 'يمشي الكلب'],
  },
  fitness: {
    en: ['fitness', 'trainer', 'personal trainer', 'workout', 'gym', 'yoga', 'coach'],
    ar: ['لياقة', 'مدرب', 'مدرب شخصي', 'رياضة', 'تمارين', 'يوغا', 'جيم'],
  },
  tech: {
    en: ['tech', 'technology', 'computer', 'laptop', 'wifi', 'it support', 'phone repair', 'printer', 'laptop repair', 'computer repair', 'pc'],
    ar: ['تقنية', 'كمبيوتر', 'حاسوب', 'لابتوب', 'انترنت', 'واي فاي', 'دعم تقني', 'طابعة', 'تصليح اللابتوب', 'تصليح الكمبيوتر'],
  },
};

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const MATCHERS = Object.entries(CATEGORY_WORDS).flatMap(([slug, words]) => [
  ...words.en.map((word) => ({ slug, length: word.length, test: new RegExp(`\\b${escape(word)}\\b`) })),
  ...words.ar.map((word) => {
    const cue = normalizeText(word);
    return { slug, length: cue.length, test: { test: (text: string) => text.includes(cue) } };
  }),
]).sort((a, b) => b.length - a.length);

/** The category a message names (the longest matching word wins: "car wash" over "wash"). */
export function findCategory(normalized: string): string | undefined {
  return MATCHERS.find((matcher) => matcher.test.test(normalized))?.slug;
}
