import type { Language } from '@khidma/contracts';
import { categoryBySlug } from './catalogue.js';
import { DEMO_ACCOUNTS, type DemoUser, PROVIDER_USERS } from './users.js';

export const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
/** Opening hours per day as [open, close] in HH:MM, or null when closed that day. */
export type WeeklyAvailability = Record<Weekday, [string, string] | null>;

export interface DemoProvider {
  id: string;
  /** The identity user behind the profile (one of DEMO_USERS). */
  userId: string;
  businessName: string;
  businessNameAr: string;
  bio: string;
  bioAr: string;
  city: string;
  cityAr: string;
  categoryId: number;
  verified: boolean;
  rating: number;
  completedJobs: number;
  responseTimeMinutes: number;
  /** Public business line, shown as the detail page's Call link. */
  phone: string;
  /** Where booking notifications go: the owner's account e-mail (null for generated bulk owners). */
  email: string | null;
  /** Language of the provider's notifications: the owner's. */
  language: Language;
  languages: string[];
  weeklyAvailability: WeeklyAvailability;
  /** YYYY-MM-DD */
  joinedAt: string;
}

const hours = (open: string, close: string, closed: Weekday[]): WeeklyAvailability =>
  Object.fromEntries(WEEKDAYS.map((day) => [day, closed.includes(day) ? null : [open, close]])) as WeeklyAvailability;

/** Jordan and most of the Gulf rest on Friday (and often Saturday); a few providers rest on Sunday instead. */
const FRIDAY_OFF = hours('09:00', '17:00', ['friday']);
const WEEKEND_OFF = hours('08:00', '16:00', ['friday', 'saturday']);
const SUNDAY_OFF = hours('10:00', '18:00', ['sunday']);
const LATE_HOURS = hours('12:00', '21:00', ['friday']);

type ProviderRow = Omit<DemoProvider, 'id' | 'userId' | 'categoryId' | 'phone' | 'email' | 'language'> & { user: DemoUser; category: string };

const user = (email: string): DemoUser => {
  const found = PROVIDER_USERS.find((u) => u.email.startsWith(email));
  if (!found) throw new Error(`No provider user ${email}`);
  return found;
};

const rows: ProviderRow[] = [
  {
    user: DEMO_ACCOUNTS.provider,
    category: 'maintenance',
    businessName: 'Nasser Home Maintenance',
    businessNameAr: 'ناصر للصيانة المنزلية',
    bio: 'Fifteen years of handyman work across Amman: doors, kitchens, furniture and the small fixes nobody else wants.',
    bioAr: 'خمسة عشر عامًا من أعمال الصيانة في عمّان: الأبواب والمطابخ والأثاث والإصلاحات الصغيرة التي لا يرغب بها أحد.',
    city: 'Amman',
    cityAr: 'عمّان',
    verified: true,
    rating: 4.9,
    completedJobs: 412,
    responseTimeMinutes: 20,
    languages: ['Arabic', 'English'],
    weeklyAvailability: FRIDAY_OFF,
    joinedAt: '2023-02-11',
  },
  {
    user: user('ahmed.'),
    category: 'cleaning',
    businessName: 'Al-Farsi Sparkle Cleaning',
    businessNameAr: 'الفارسي للتنظيف',
    bio: 'A team of eight trained cleaners using eco-friendly products for homes and offices.',
    bioAr: 'فريق من ثمانية عمّال نظافة مدرَّبين يستخدمون مواد صديقة للبيئة لتنظيف المنازل والمكاتب.',
    city: 'Amman',
    cityAr: 'عمّان',
    verified: true,
    rating: 4.8,
    completedJobs: 986,
    responseTimeMinutes: 15,
    languages: ['Arabic', 'English'],
    weeklyAvailability: hours('08:00', '18:00', ['friday']),
    joinedAt: '2022-09-04',
  },
  {
    user: user('fatima.'),
    category: 'cleaning',
    businessName: 'Zahra Home Care',
    businessNameAr: 'زهرة للعناية بالمنزل',
    bio: 'Careful, detail-minded cleaning for apartments and villas, with female cleaning teams on request.',
    bioAr: 'تنظيف دقيق للشقق والفلل مع إمكانية طلب فرق نسائية بالكامل.',
    city: 'Dubai',
    cityAr: 'دبي',
    verified: true,
    rating: 4.9,
    completedJobs: 654,
    responseTimeMinutes: 25,
    languages: ['Arabic', 'English', 'Urdu'],
    weeklyAvailability: SUNDAY_OFF,
    joinedAt: '2023-01-19',
  },
  {
    user: user('yousef.'),
    category: 'plumbing',
    businessName: 'Khalil Plumbing Works',
    businessNameAr: 'خليل لأعمال السباكة',
    bio: 'Licensed plumber with a fully stocked van: most leaks and blockages are fixed on the first visit.',
    bioAr: 'سبّاك مرخَّص بسيارة مجهَّزة بالكامل، ومعظم التسريبات والانسدادات تُصلَح من الزيارة الأولى.',
    city: 'Irbid',
    cityAr: 'إربد',
    verified: true,
    rating: 4.7,
    completedJobs: 538,
    responseTimeMinutes: 30,
    languages: ['Arabic'],
    weeklyAvailability: hours('07:30', '16:30', ['friday']),
    joinedAt: '2022-11-27',
  },
  {
    user: user('mariam.'),
    category: 'tutoring',
    businessName: 'Saleh Learning Studio',
    businessNameAr: 'استوديو صالح التعليمي',
    bio: 'Certified teacher of maths and sciences for Tawjihi, IGCSE and IB students.',
    bioAr: 'معلّمة معتمَدة للرياضيات والعلوم لطلاب التوجيهي و IGCSE والبكالوريا الدولية.',
    city: 'Amman',
    cityAr: 'عمّان',
    verified: true,
    rating: 4.9,
    completedJobs: 320,
    responseTimeMinutes: 45,
    languages: ['Arabic', 'English'],
    weeklyAvailability: LATE_HOURS,
    joinedAt: '2023-08-30',
  },
  {
    user: user('khaled.'),
    category: 'electrical',
    businessName: 'Ibrahim Electric',
    businessNameAr: 'إبراهيم للكهرباء',
    bio: 'Certified electrician for homes and shops: safe wiring, lighting and fault finding.',
    bioAr: 'كهربائي معتمَد للمنازل والمحلات: تمديدات آمنة وإنارة وكشف أعطال.',
    city: 'Zarqa',
    cityAr: 'الزرقاء',
    verified: true,
    rating: 4.8,
    completedJobs: 471,
    responseTimeMinutes: 30,
    languages: ['Arabic'],
    weeklyAvailability: FRIDAY_OFF,
    joinedAt: '2022-06-15',
  },
  {
    user: user('nour.'),
    category: 'petcare',
    businessName: "Nour's Pet Corner",
    businessNameAr: 'ركن نور للحيوانات الأليفة',
    bio: 'Gentle, experienced care for dogs and cats: walks, grooming and home visits while you travel.',
    bioAr: 'رعاية لطيفة وخبيرة للكلاب والقطط: تمشية وتجميل وزيارات منزلية أثناء سفرك.',
    city: 'Amman',
    cityAr: 'عمّان',
    verified: true,
    rating: 5.0,
    completedJobs: 289,
    responseTimeMinutes: 20,
    languages: ['English', 'Arabic'],
    weeklyAvailability: hours('07:00', '19:00', []),
    joinedAt: '2024-01-08',
  },
  {
    user: user('hassan.'),
    category: 'automotive',
    businessName: 'Qasim Auto Care',
    businessNameAr: 'قاسم للعناية بالسيارات',
    bio: 'Mobile mechanics and detailers who come to your home or office car park.',
    bioAr: 'ميكانيكيون وفنيو تلميع متنقّلون يأتونك إلى موقف منزلك أو مكتبك.',
    city: 'Riyadh',
    cityAr: 'الرياض',
    verified: true,
    rating: 4.7,
    completedJobs: 733,
    responseTimeMinutes: 35,
    languages: ['Arabic', 'English'],
    weeklyAvailability: hours('08:00', '20:00', ['friday']),
    joinedAt: '2022-04-21',
  },
  {
    user: user('rania.'),
    category: 'fitness',
    businessName: 'Rania Fit Coaching',
    businessNameAr: 'رانيا للتدريب الرياضي',
    bio: 'Certified personal trainer and yoga teacher; programmes for beginners, mothers and seniors.',
    bioAr: 'مدرّبة شخصية ومعلّمة يوغا معتمَدة، ببرامج للمبتدئين والأمهات وكبار السن.',
    city: 'Dubai',
    cityAr: 'دبي',
    verified: true,
    rating: 4.9,
    completedJobs: 402,
    responseTimeMinutes: 40,
    languages: ['English', 'Arabic', 'French'],
    weeklyAvailability: hours('06:00', '14:00', ['sunday']),
    joinedAt: '2023-05-02',
  },
  {
    user: user('tariq.'),
    category: 'delivery',
    businessName: 'Tariq Express Delivery',
    businessNameAr: 'طارق للتوصيل السريع',
    bio: 'Motorbike and van couriers covering all of Amman, usually within two hours.',
    bioAr: 'مندوبو توصيل بالدراجات النارية والشاحنات الصغيرة يغطّون عمّان كلها، غالبًا خلال ساعتين.',
    city: 'Amman',
    cityAr: 'عمّان',
    verified: true,
    rating: 4.6,
    completedJobs: 2140,
    responseTimeMinutes: 10,
    languages: ['Arabic'],
    weeklyAvailability: hours('08:00', '22:00', []),
    joinedAt: '2021-12-01',
  },
  {
    user: user('huda.'),
    category: 'gardening',
    businessName: 'Barakat Gardens',
    businessNameAr: 'حدائق بركات',
    bio: 'Landscape gardener specialised in drought-tolerant plants and drip irrigation.',
    bioAr: 'مهندسة حدائق متخصّصة في النباتات المتحمّلة للجفاف وأنظمة الري بالتنقيط.',
    city: 'Jeddah',
    cityAr: 'جدة',
    verified: true,
    rating: 4.8,
    completedJobs: 265,
    responseTimeMinutes: 60,
    languages: ['Arabic', 'English'],
    weeklyAvailability: WEEKEND_OFF,
    joinedAt: '2023-03-14',
  },
  {
    user: user('samir.'),
    category: 'tech',
    businessName: 'Odeh Tech Help',
    businessNameAr: 'عودة للدعم التقني',
    bio: 'Friendly computer and network technician; patient with first-time users.',
    bioAr: 'فنّي حواسيب وشبكات ودود وصبور مع من يستخدم التقنية لأول مرة.',
    city: 'Amman',
    cityAr: 'عمّان',
    verified: true,
    rating: 4.8,
    completedJobs: 517,
    responseTimeMinutes: 15,
    languages: ['English', 'Arabic'],
    weeklyAvailability: SUNDAY_OFF,
    joinedAt: '2022-10-10',
  },
  {
    user: user('lina.'),
    category: 'painting',
    businessName: 'Lina Colours Studio',
    businessNameAr: 'استوديو لينا للألوان',
    bio: 'Painter and decorator: clean, careful work with premium low-odour paints.',
    bioAr: 'دهّانة ومصمّمة ديكور: عمل نظيف ومتقَن بدهانات فاخرة قليلة الرائحة.',
    city: 'Beirut',
    cityAr: 'بيروت',
    verified: true,
    rating: 4.9,
    completedJobs: 198,
    responseTimeMinutes: 50,
    languages: ['Arabic', 'English', 'French'],
    weeklyAvailability: SUNDAY_OFF,
    joinedAt: '2023-11-23',
  },
  {
    user: user('faisal.'),
    category: 'delivery',
    businessName: 'Al-Rashid Movers',
    businessNameAr: 'الراشد لنقل الأثاث',
    bio: 'Furniture moving and large-item delivery with trained crews and covered trucks.',
    bioAr: 'نقل الأثاث وتوصيل القطع الكبيرة بطواقم مدرَّبة وشاحنات مغطّاة.',
    city: 'Riyadh',
    cityAr: 'الرياض',
    verified: true,
    rating: 4.6,
    completedJobs: 845,
    responseTimeMinutes: 30,
    languages: ['Arabic'],
    weeklyAvailability: hours('07:00', '19:00', ['friday']),
    joinedAt: '2022-02-17',
  },
  {
    user: user('dina.'),
    category: 'tutoring',
    businessName: 'Sabbagh Language Lab',
    businessNameAr: 'مختبر الصبّاغ للغات',
    bio: 'English and Arabic language coach for children, adults and IELTS candidates.',
    bioAr: 'مدرّبة لغة إنجليزية وعربية للأطفال والكبار والمتقدّمين لامتحان IELTS.',
    city: 'Kuwait City',
    cityAr: 'مدينة الكويت',
    verified: true,
    rating: 4.9,
    completedJobs: 276,
    responseTimeMinutes: 35,
    languages: ['English', 'Arabic'],
    weeklyAvailability: LATE_HOURS,
    joinedAt: '2024-02-26',
  },
  {
    user: user('bilal.'),
    category: 'electrical',
    businessName: 'Hijazi Electrical & Solar',
    businessNameAr: 'حجازي للكهرباء والطاقة الشمسية',
    bio: 'Electrical installations and rooftop solar systems, with a one-year workmanship warranty.',
    bioAr: 'تمديدات كهربائية وأنظمة طاقة شمسية على الأسطح مع كفالة على العمل لمدة سنة.',
    city: 'Aqaba',
    cityAr: 'العقبة',
    verified: true,
    rating: 4.7,
    completedJobs: 359,
    responseTimeMinutes: 40,
    languages: ['Arabic', 'English'],
    weeklyAvailability: WEEKEND_OFF,
    joinedAt: '2023-06-05',
  },
];

/** Fixed ids so the seed upserts the same rows every run. */
const providerId = (n: number) => `00000000-0000-4000-9000-${String(200 + n).padStart(12, '0')}`;

export const DEMO_PROVIDERS: DemoProvider[] = rows.map(({ user: owner, category, ...row }, index) => ({
  ...row,
  id: providerId(index),
  userId: owner.id,
  email: owner.email,
  language: owner.language,
  // Numbers from Jordan's fictional-use 555 block, so no real line is ever called.
  phone: `+962 79 555 ${String(1000 + index).slice(-4)}`,
  categoryId: categoryBySlug(category).id,
}));

/** The provider profile owned by a demo user. */
export function providerOf(userId: string): DemoProvider {
  const provider = DEMO_PROVIDERS.find((p) => p.userId === userId);
  if (!provider) throw new Error(`No demo provider for user ${userId}`);
  return provider;
}
