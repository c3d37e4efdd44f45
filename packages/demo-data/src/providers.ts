import { BOOKING, type Language, type RegionCode } from '@khidma/contracts';
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
  /** Where the provider works (its zone and weekend); null: the marketplace's default region. */
  region: RegionCode | null;
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
const EARLY_HOURS = hours('06:30', '14:30', ['friday']);
const EVENINGS = hours('16:00', '22:00', ['friday']);
const EVERY_DAY = hours('09:00', '21:00', []);
const SIX_DAYS_LONG = hours('08:00', '20:00', ['sunday']);
/** Gulf week with a short Saturday. */
const SHORT_SATURDAY: WeeklyAvailability = { ...hours('08:30', '17:30', ['friday']), saturday: ['09:00', '13:00'] };
/** Tutors: after school on weekdays, mornings at the weekend. */
const AFTER_SCHOOL: WeeklyAvailability = { ...hours('15:00', '21:00', ['friday']), saturday: ['09:00', '14:00'] };

type ProviderRow = Omit<DemoProvider, 'id' | 'userId' | 'categoryId' | 'phone' | 'email' | 'language' | 'region'> & { user: DemoUser; category: string; region?: RegionCode };

const user = (email: string): DemoUser => {
  const found = PROVIDER_USERS.find((u) => u.email.startsWith(email));
  if (!found) throw new Error(`No provider user ${email}`);
  return found;
};

/** A provider row written on one line per field group (the grown catalogue's rows). */
const provider = (
  email: string,
  category: string,
  [businessName, businessNameAr]: readonly [string, string],
  [bio, bioAr]: readonly [string, string],
  [city, cityAr]: readonly [string, string],
  rating: number,
  completedJobs: number,
  responseTimeMinutes: number,
  languages: string[],
  weeklyAvailability: WeeklyAvailability,
  joinedAt: string,
): ProviderRow => ({
  user: user(email), category, businessName, businessNameAr, bio, bioAr, city, cityAr,
  verified: completedJobs > 300, rating, completedJobs, responseTimeMinutes, languages, weeklyAvailability, joinedAt,
});

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
    // Declares Ramadan evening hours (regional.ts) in Jordan's calendar.
    region: 'JO',
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

  // The grown catalogue (issue 13): two more providers in every category, across Jordan and the Gulf.
  provider('reem.', 'cleaning', ['Lamsa Cleaning Co.', 'شركة لمسة للتنظيف'],
    ['A Saudi cleaning company of twelve uniformed staff, trained in-house and supervised on every job.', 'شركة تنظيف سعودية تضم اثني عشر موظفًا بزيّ موحّد، مدرَّبين داخليًا وتحت إشراف مشرف في كل مهمة.'],
    ['Riyadh', 'الرياض'], 4.8, 1240, 20, ['Arabic', 'English', 'Tagalog'], SIX_DAYS_LONG, '2022-05-14'),
  provider('joseph.', 'cleaning', ['Fresh Nest Cleaning', 'العش النظيف لخدمات التنظيف'],
    ['Small, friendly team for apartments in Doha; we bring our own vacuum and plant-based products.', 'فريق صغير وودود لتنظيف الشقق في الدوحة، نحضر مكانسنا ومواد تنظيف نباتية الأصل.'],
    ['Doha', 'الدوحة'], 4.7, 388, 30, ['English', 'Arabic', 'Hindi'], SHORT_SATURDAY, '2024-03-02'),
  provider('mazen.', 'plumbing', ['Shawabkeh Plumbing & Heaters', 'الشوابكة للسباكة والسخانات'],
    ['Two brothers, twenty years in plumbing and solar water heaters across west Amman.', 'أخوان بخبرة عشرين عامًا في السباكة وسخانات المياه الشمسية في غرب عمّان.'],
    ['Amman', 'عمّان'], 4.8, 1104, 25, ['Arabic'], EARLY_HOURS, '2021-11-08'),
  provider('imran.', 'plumbing', ['Blue Pipe Plumbing', 'الأنبوب الأزرق للسباكة'],
    ['DEWA-approved plumbers on call for villas and apartments, with fixed prices agreed before work starts.', 'سبّاكون معتمَدون لدى هيئة كهرباء ومياه دبي للفلل والشقق، بأسعار ثابتة يُتفق عليها قبل بدء العمل.'],
    ['Dubai', 'دبي'], 4.6, 720, 15, ['English', 'Urdu', 'Arabic'], EVERY_DAY, '2023-04-21'),
  provider('nabil.', 'electrical', ['Haddad Power & Lighting', 'الحداد للكهرباء والإنارة'],
    ['Licensed electrician specialising in lighting design, LED ceilings and smart switches.', 'كهربائي مرخَّص متخصّص في تصميم الإنارة وأسقف LED والمفاتيح الذكية.'],
    ['Amman', 'عمّان'], 4.9, 467, 30, ['Arabic', 'English'], FRIDAY_OFF, '2023-09-12'),
  provider('saeed.', 'electrical', ['Ghamdi Electrical Services', 'الغامدي للخدمات الكهربائية'],
    ['Certified electricians for homes and shops in Jeddah, from a single socket to a full rewire.', 'كهربائيون معتمَدون للمنازل والمحلات في جدة، من مقبس واحد حتى إعادة التمديد الكاملة.'],
    ['Jeddah', 'جدة'], 4.7, 803, 20, ['Arabic'], LATE_HOURS, '2022-08-30'),
  provider('ziad.', 'delivery', ['Kanaan Courier', 'كنعان للتوصيل'],
    ['Motorbike and van couriers covering Irbid and its villages, same day, every day but Friday.', 'مندوبو توصيل بالدراجات والفانات يغطّون إربد وقراها في اليوم نفسه، كل الأيام عدا الجمعة.'],
    ['Irbid', 'إربد'], 4.6, 1530, 10, ['Arabic', 'English'], hours('08:00', '22:00', ['friday']), '2023-01-05'),
  provider('aisha.', 'delivery', ['Mutairi Same-Day Delivery', 'المطيري للتوصيل في اليوم نفسه'],
    ['A women-led delivery service in Kuwait with female drivers available for home deliveries.', 'خدمة توصيل تديرها سيدات في الكويت، مع سائقات متاحات للتوصيل إلى المنازل.'],
    ['Kuwait City', 'مدينة الكويت'], 4.8, 932, 15, ['Arabic', 'English'], EVERY_DAY, '2023-07-17'),
  provider('walid.', 'maintenance', ['Darwish Fix-It Services', 'درويش لخدمات الإصلاح'],
    ['Carpenter and handyman with his own workshop: doors, kitchens and furniture repaired or made to measure.', 'نجار وفني صيانة لديه ورشته الخاصة: إصلاح الأبواب والمطابخ والأثاث أو تفصيلها حسب المقاس.'],
    ['Zarqa', 'الزرقاء'], 4.7, 615, 35, ['Arabic'], EARLY_HOURS, '2022-12-03'),
  provider('rami.', 'maintenance', ['Khoury Handyman Co.', 'الخوري لأعمال الصيانة'],
    ['Handyman and AC technicians for apartments and offices in Muscat, with a 30-day guarantee on every job.', 'فنيو صيانة وتكييف للشقق والمكاتب في مسقط، مع ضمان 30 يومًا على كل عمل.'],
    ['Muscat', 'مسقط'], 4.6, 284, 40, ['English', 'Arabic'], SHORT_SATURDAY, '2024-06-09'),
  provider('hani.', 'painting', ['Awad Paint & Decor', 'عوض للدهان والديكور'],
    ['Painting contractor for homes and offices, known for clean edges and finishing on the agreed day.', 'مقاول دهانات للمنازل والمكاتب، معروف بالحواف النظيفة وإنهاء العمل في اليوم المتفق عليه.'],
    ['Amman', 'عمّان'], 4.8, 530, 30, ['Arabic'], FRIDAY_OFF, '2022-03-22'),
  provider('yasmin.', 'painting', ['Colour Story Interiors', 'حكاية لون للتصميم الداخلي'],
    ['Interior designer and painters: we help you choose the palette, then paint, paper and style the room.', 'مصمّمة داخلية وفريق دهان: نساعدك في اختيار الألوان ثم ندهن ونركّب الورق وننسّق الغرفة.'],
    ['Dubai', 'دبي'], 4.9, 198, 45, ['English', 'Arabic', 'French'], SUNDAY_OFF, '2024-09-15'),
  provider('ibrahim.', 'gardening', ['Zoubi Green Gardens', 'الزعبي للحدائق الخضراء'],
    ['Agricultural engineer and gardeners caring for villa gardens, olive trees and drip systems.', 'مهندس زراعي وفريق بستانيين يعتنون بحدائق الفلل وأشجار الزيتون وأنظمة الري بالتنقيط.'],
    ['Amman', 'عمّان'], 4.8, 402, 30, ['Arabic'], EARLY_HOURS, '2022-10-11'),
  provider('salma.', 'gardening', ['Desert Bloom Landscaping', 'زهرة الصحراء لتنسيق الحدائق'],
    ['Landscaping for the Gulf climate: native plants, shade, artificial turf and water-wise irrigation.', 'تنسيق حدائق يناسب مناخ الخليج: نباتات محلية وتظليل وعشب صناعي وري موفّر للمياه.'],
    ['Abu Dhabi', 'أبوظبي'], 4.7, 256, 35, ['English', 'Arabic'], WEEKEND_OFF, '2023-11-27'),
  provider('hala.', 'tutoring', ['Masri Maths & Science', 'المصري لدروس الرياضيات والعلوم'],
    ['Secondary-school teacher of maths and chemistry helping Tawjihi and IGCSE students since 2012.', 'معلّمة رياضيات وكيمياء للمرحلة الثانوية تساعد طلاب التوجيهي وIGCSE منذ عام 2012.'],
    ['Irbid', 'إربد'], 4.9, 344, 30, ['Arabic', 'English'], AFTER_SCHOOL, '2023-02-14'),
  provider('adam.', 'tutoring', ['Bright Path Tutors', 'الدرب المضيء للدروس الخصوصية'],
    ['A group of qualified teachers for British and American curricula, at home or online.', 'مجموعة من المعلّمين المؤهَّلين للمناهج البريطانية والأمريكية، في المنزل أو عن بُعد.'],
    ['Doha', 'الدوحة'], 4.7, 611, 20, ['English', 'Urdu', 'Arabic'], AFTER_SCHOOL, '2022-07-01'),
  provider('majed.', 'automotive', ['Otaibi Mobile Car Care', 'العتيبي للعناية المتنقلة بالسيارات'],
    ['Fully equipped service vans for washing, detailing and quick servicing wherever your car is parked.', 'سيارات خدمة مجهّزة بالكامل للغسيل والتلميع والصيانة السريعة أينما كانت سيارتك.'],
    ['Kuwait City', 'مدينة الكويت'], 4.7, 1388, 20, ['Arabic', 'English'], EVENINGS, '2022-04-19'),
  provider('fadi.', 'automotive', ['Nimri Auto Service', 'النمري لخدمات السيارات'],
    ['Former dealership mechanic offering honest servicing, batteries and inspections at your door.', 'ميكانيكي سابق في وكالة سيارات يقدّم صيانة أمينة وبطاريات وفحوصات أمام بابك.'],
    ['Amman', 'عمّان'], 4.8, 507, 25, ['Arabic', 'English'], SIX_DAYS_LONG, '2023-05-28'),
  provider('leen.', 'petcare', ['Happy Tails Pet Care', 'الذيل السعيد لرعاية الحيوانات الأليفة'],
    ['Pet sitters and walkers trained in pet first aid, looking after dogs, cats and birds across Dubai.', 'جليسو حيوانات ومرافقو تمشية مدرَّبون على الإسعافات الأولية للحيوانات، يعتنون بالكلاب والقطط والطيور في دبي.'],
    ['Dubai', 'دبي'], 4.9, 866, 15, ['English', 'Arabic'], EVERY_DAY, '2022-11-20'),
  provider('basel.', 'petcare', ['Qudah Pet Grooming', 'القضاة لتجميل الحيوانات الأليفة'],
    ['Certified groomer with a mobile grooming van and a gentle hand with nervous pets.', 'مجمّل حيوانات معتمَد لديه عربة تجميل متنقلة ويتعامل بلطف مع الحيوانات القلقة.'],
    ['Jeddah', 'جدة'], 4.6, 342, 30, ['Arabic'], LATE_HOURS, '2024-01-08'),
  provider('karim.', 'fitness', ['Core Strength Coaching', 'كور لتدريب القوة'],
    ['Certified strength coach and physiotherapy graduate: safe training for beginners and people coming back from injury.', 'مدرب قوة معتمد وخريج علاج طبيعي: تدريب آمن للمبتدئين وللعائدين من الإصابات.'],
    ['Amman', 'عمّان'], 4.8, 436, 25, ['Arabic', 'English'], EARLY_HOURS, '2023-03-06'),
  provider('noura.', 'fitness', ['Noura Wellness & Yoga', 'نورة للعافية واليوغا'],
    ['Women-only yoga, Pilates and nutrition coaching, at home or in small groups.', 'يوغا وبيلاتس وإرشاد غذائي للسيدات فقط، في المنزل أو في مجموعات صغيرة.'],
    ['Manama', 'المنامة'], 4.9, 301, 30, ['Arabic', 'English'], SUNDAY_OFF, '2024-04-23'),
  provider('zaid.', 'tech', ['Obeidat Tech Repair', 'العبيدات لإصلاح الأجهزة'],
    ['Computer engineer repairing laptops, phones and home networks, with most repairs done the same day.', 'مهندس حاسوب يصلح الحواسيب المحمولة والهواتف والشبكات المنزلية، وتُنجز معظم الإصلاحات في اليوم نفسه.'],
    ['Irbid', 'إربد'], 4.7, 689, 20, ['Arabic', 'English'], LATE_HOURS, '2022-06-16'),
  provider('tamer.', 'tech', ['ByteFix Home IT', 'بايت فكس للدعم التقني المنزلي'],
    ['Home and small-office IT: networks, cameras, backups and patient help for every family member.', 'دعم تقني للمنازل والمكاتب الصغيرة: الشبكات والكاميرات والنسخ الاحتياطي ومساعدة صبورة لكل أفراد العائلة.'],
    ['Riyadh', 'الرياض'], 4.8, 575, 15, ['Arabic', 'English'], SIX_DAYS_LONG, '2023-08-08'),
];

/** Fixed ids so the seed upserts the same rows every run. */
const providerId = (n: number) => `00000000-0000-4000-9000-${String(200 + n).padStart(12, '0')}`;

export const DEMO_PROVIDERS: DemoProvider[] = rows.map(({ user: owner, category, ...row }, index) => ({
  ...row,
  region: row.region ?? null,
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

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * The hours a visit of `hours` whole hours may start at on a day open `opening`: the booking page's
 * slot grid, starting no earlier than opening time and ending no later than closing time.
 */
export function bookableStarts(opening: [string, string] | null, hours: number): number[] {
  if (!opening) return [];
  const first = Math.max(Math.ceil(minutesOf(opening[0]) / 60), BOOKING.firstSlotHour);
  const last = Math.min(Math.floor((minutesOf(opening[1]) - hours * 60) / 60), BOOKING.lastSlotHour);
  return Array.from({ length: Math.max(0, last - first + 1) }, (_, k) => first + k);
}

/** The longest visit, in whole hours as minutes, that some working day of the provider allows. */
export function longestVisitMinutes(provider: Pick<DemoProvider, 'weeklyAvailability'>): number {
  const days = Object.values(provider.weeklyAvailability);
  let hours = 0;
  while (days.some((opening) => bookableStarts(opening, hours + 1).length > 0)) hours++;
  return hours * 60;
}
