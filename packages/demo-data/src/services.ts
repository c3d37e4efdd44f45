import type { PriceType } from '@khidma/contracts';
import { categoryBySlug, DEMO_CATEGORIES } from './catalogue.js';
import { AREA_LINES, CITY_AREAS, OFFERINGS, PROVIDER_PROMISES } from './offerings.js';
import { DEMO_PROVIDERS, type DemoProvider, longestVisitMinutes, providerOf } from './providers.js';
import { type DemoReview, pick, ratingOf, writeReviews } from './reviews.js';
import { DEMO_ACCOUNTS, PROVIDER_USERS } from './users.js';

export interface DemoService {
  id: string;
  slug: string;
  providerId: string;
  categoryId: number;
  title: string;
  titleAr: string;
  description: string;
  descriptionAr: string;
  features: string[];
  featuresAr: string[];
  /** Dollars, never below the category's starting price. */
  price: number;
  priceType: PriceType;
  durationMinutes: number;
  location: string;
  locationAr: string;
  /** The mean of its reviews' stars (DEMO_REVIEWS), so the card and the review list agree. */
  rating: number;
  reviewCount: number;
  /** ISO time the service was listed: fixed, so "newest" sorts the same on every machine. */
  createdAt: string;
}

interface ServiceRow {
  category: string;
  /** First name of the provider user (`omar` is the demo provider account). */
  by: string;
  slug: string;
  title: string;
  titleAr: string;
  description: string;
  descriptionAr: string;
  features: string[];
  featuresAr: string[];
  price: number;
  priceType: PriceType;
  duration: number;
  /** The average its demo reviews are written to (see writeReviews). */
  rating: number;
}

const provider = (firstName: string): DemoProvider => {
  if (firstName === 'omar') return providerOf(DEMO_ACCOUNTS.provider.id);
  const owner = PROVIDER_USERS.find((u) => u.email.startsWith(`${firstName}.`));
  if (!owner) throw new Error(`No provider user ${firstName}`);
  return providerOf(owner.id);
};

const rows: ServiceRow[] = [
  // Cleaning (from $25)
  {
    category: 'cleaning', by: 'ahmed', slug: 'standard-home-cleaning',
    title: 'Standard Home Cleaning', titleAr: 'تنظيف منزلي اعتيادي',
    description: 'Weekly or one-off cleaning of living rooms, bedrooms, kitchen and bathrooms.',
    descriptionAr: 'تنظيف أسبوعي أو لمرة واحدة لغرف الجلوس والنوم والمطبخ والحمّامات.',
    features: ['Dusting and vacuuming', 'Kitchen surfaces and sink', 'Bathrooms disinfected'],
    featuresAr: ['إزالة الغبار وشفط الأرضيات', 'تنظيف أسطح المطبخ والمغسلة', 'تعقيم الحمّامات'],
    price: 25, priceType: 'hourly', duration: 120, rating: 4.8,
  },
  {
    category: 'cleaning', by: 'ahmed', slug: 'deep-apartment-cleaning',
    title: 'Deep Apartment Cleaning', titleAr: 'تنظيف عميق للشقق',
    description: 'Top-to-bottom cleaning including inside cupboards, appliances, windows and grout.',
    descriptionAr: 'تنظيف شامل من الأعلى إلى الأسفل يشمل داخل الخزائن والأجهزة والنوافذ وفواصل البلاط.',
    features: ['Inside oven and fridge', 'Windows and frames', 'Tile grout scrubbing', 'Eco-friendly products'],
    featuresAr: ['تنظيف داخل الفرن والثلاجة', 'النوافذ وإطاراتها', 'فرك فواصل البلاط', 'مواد صديقة للبيئة'],
    price: 120, priceType: 'per_job', duration: 300, rating: 4.9,
  },
  {
    category: 'cleaning', by: 'ahmed', slug: 'office-cleaning',
    title: 'Office Cleaning', titleAr: 'تنظيف المكاتب',
    description: 'After-hours cleaning of small offices, meeting rooms and kitchenettes.',
    descriptionAr: 'تنظيف المكاتب الصغيرة وقاعات الاجتماعات والمطابخ الصغيرة بعد ساعات الدوام.',
    features: ['Desks and screens wiped', 'Bins emptied', 'Flexible evening slots'],
    featuresAr: ['مسح المكاتب والشاشات', 'تفريغ سلال المهملات', 'مواعيد مسائية مرنة'],
    price: 30, priceType: 'hourly', duration: 180, rating: 4.7,
  },
  {
    category: 'cleaning', by: 'fatima', slug: 'move-out-cleaning',
    title: 'Move-In / Move-Out Cleaning', titleAr: 'تنظيف عند الانتقال من المسكن أو إليه',
    description: 'Empty-home cleaning so you get your deposit back or move into a spotless place.',
    descriptionAr: 'تنظيف المسكن وهو فارغ لتستردّ تأمينك أو تنتقل إلى بيت نظيف تمامًا.',
    features: ['Walls spot-cleaned', 'Cupboards inside and out', 'Balcony and windows'],
    featuresAr: ['إزالة البقع عن الجدران', 'الخزائن من الداخل والخارج', 'الشرفة والنوافذ'],
    price: 150, priceType: 'per_job', duration: 360, rating: 4.9,
  },
  {
    category: 'cleaning', by: 'fatima', slug: 'sofa-carpet-shampoo',
    title: 'Sofa and Carpet Shampoo', titleAr: 'غسيل الكنب والسجاد بالشامبو',
    description: 'Steam and shampoo cleaning for sofas, rugs and mattresses, dry within hours.',
    descriptionAr: 'تنظيف الكنب والسجاد والفرشات بالبخار والشامبو، وتجفّ خلال ساعات.',
    features: ['Stain treatment', 'Odour removal', 'Fast-drying method'],
    featuresAr: ['معالجة البقع', 'إزالة الروائح', 'طريقة تجفيف سريعة'],
    price: 60, priceType: 'per_job', duration: 120, rating: 4.8,
  },
  {
    category: 'cleaning', by: 'fatima', slug: 'villa-cleaning-team',
    title: 'Villa Cleaning Team', titleAr: 'فريق تنظيف الفلل',
    description: 'A team of three for large homes, with optional ladies-only crew.',
    descriptionAr: 'فريق من ثلاثة عمّال للمنازل الكبيرة مع إمكانية طلب فريق نسائي بالكامل.',
    features: ['Three trained cleaners', 'Supplies included', 'Ladies-only crew on request'],
    featuresAr: ['ثلاثة عمّال مدرَّبين', 'المواد مشمولة', 'فريق نسائي عند الطلب'],
    price: 45, priceType: 'hourly', duration: 240, rating: 4.8,
  },
  // Plumbing (from $40)
  {
    category: 'plumbing', by: 'yousef', slug: 'leak-repair',
    title: 'Leak Detection and Repair', titleAr: 'كشف التسريبات وإصلاحها',
    description: 'Finding and fixing leaks in pipes, taps and under sinks, with moisture testing.',
    descriptionAr: 'تحديد التسريبات في الأنابيب والحنفيات وتحت المغاسل وإصلاحها مع فحص الرطوبة.',
    features: ['Moisture meter check', 'Common parts in the van', '90-day repair warranty'],
    featuresAr: ['فحص بجهاز قياس الرطوبة', 'قطع الغيار الشائعة متوفّرة', 'كفالة على الإصلاح 90 يومًا'],
    price: 40, priceType: 'hourly', duration: 60, rating: 4.7,
  },
  {
    category: 'plumbing', by: 'yousef', slug: 'drain-unblocking',
    title: 'Drain Unblocking', titleAr: 'فتح انسداد المصارف',
    description: 'Clearing blocked sinks, showers and toilets with a drain snake or high-pressure jet.',
    descriptionAr: 'فتح انسداد المغاسل والدش والمراحيض بالسلك المرن أو بضغط الماء العالي.',
    features: ['Kitchen and bathroom drains', 'High-pressure jetting', 'No mess left behind'],
    featuresAr: ['مصارف المطبخ والحمّام', 'تنظيف بضغط الماء العالي', 'لا نترك أي فوضى'],
    price: 55, priceType: 'per_job', duration: 60, rating: 4.8,
  },
  {
    category: 'plumbing', by: 'yousef', slug: 'water-heater-installation',
    title: 'Water Heater Installation', titleAr: 'تركيب سخّان المياه',
    description: 'Installing or replacing electric and solar water heaters, including safety valves.',
    descriptionAr: 'تركيب سخّانات المياه الكهربائية والشمسية أو استبدالها مع صمّامات الأمان.',
    features: ['Old unit removed', 'Pressure and safety valve fitted', 'Leak test on completion'],
    featuresAr: ['إزالة السخّان القديم', 'تركيب صمّام الضغط والأمان', 'فحص التسريب بعد الانتهاء'],
    price: 90, priceType: 'per_job', duration: 150, rating: 4.7,
  },
  {
    category: 'plumbing', by: 'yousef', slug: 'water-tank-cleaning',
    title: 'Roof Water Tank Cleaning', titleAr: 'تنظيف خزانات المياه على السطح',
    description: 'Draining, scrubbing and disinfecting rooftop water tanks for clean, safe water.',
    descriptionAr: 'تفريغ خزانات المياه على السطح وفركها وتعقيمها لمياه نظيفة وآمنة.',
    features: ['Sediment removed', 'Food-grade disinfectant', 'Float valve checked'],
    featuresAr: ['إزالة الترسّبات', 'معقّم آمن لمياه الشرب', 'فحص العوّامة'],
    price: 45, priceType: 'per_job', duration: 90, rating: 4.9,
  },
  {
    category: 'plumbing', by: 'omar', slug: 'bathroom-fixture-installation',
    title: 'Bathroom Fixture Installation', titleAr: 'تركيب الأدوات الصحية في الحمّام',
    description: 'Fitting new taps, shower mixers, basins and toilets, and sealing them properly.',
    descriptionAr: 'تركيب الحنفيات وخلّاطات الدش والمغاسل والمراحيض الجديدة وعزلها بإحكام.',
    features: ['Taps and mixers', 'Silicone sealing', 'Old fixtures taken away'],
    featuresAr: ['الحنفيات والخلّاطات', 'عزل بالسيليكون', 'التخلّص من الأدوات القديمة'],
    price: 50, priceType: 'hourly', duration: 120, rating: 4.8,
  },
  {
    category: 'plumbing', by: 'yousef', slug: 'emergency-plumber',
    title: 'Emergency Plumber (2-4 hours)', titleAr: 'سبّاك طوارئ (خلال 2-4 ساعات)',
    description: 'Burst pipe or flooding? A plumber at your door within two to four hours.',
    descriptionAr: 'انفجار في الأنابيب أو تسرّب غزير؟ سبّاك عند بابك خلال ساعتين إلى أربع ساعات.',
    features: ['Arrival within 2-4 hours', 'Water shut-off and containment', 'Evenings and weekends'],
    featuresAr: ['الوصول خلال 2-4 ساعات', 'إغلاق المياه واحتواء التسريب', 'مساءً وفي العطل'],
    price: 75, priceType: 'hourly', duration: 60, rating: 4.6,
  },
  // Electrical (from $50)
  {
    category: 'electrical', by: 'khaled', slug: 'electrical-fault-finding',
    title: 'Electrical Fault Finding', titleAr: 'كشف الأعطال الكهربائية',
    description: 'Tracing tripping breakers, dead sockets and flickering lights, then fixing the cause.',
    descriptionAr: 'تتبّع أسباب فصل القواطع والمقابس المعطّلة ووميض الإنارة ثم إصلاحها.',
    features: ['Circuit testing', 'Breaker panel check', 'Written safety report'],
    featuresAr: ['فحص الدوائر الكهربائية', 'فحص لوحة القواطع', 'تقرير سلامة مكتوب'],
    price: 50, priceType: 'hourly', duration: 60, rating: 4.8,
  },
  {
    category: 'electrical', by: 'khaled', slug: 'light-fixture-installation',
    title: 'Light Fixture Installation', titleAr: 'تركيب وحدات الإنارة',
    description: 'Installing chandeliers, spotlights, LED strips and outdoor lights.',
    descriptionAr: 'تركيب الثريّات والسبوتات وشرائط الليد والإنارة الخارجية.',
    features: ['Chandeliers up to 4 m', 'Dimmer switches', 'LED upgrades'],
    featuresAr: ['ثريّات حتى ارتفاع 4 أمتار', 'مفاتيح تحكّم بشدة الإضاءة', 'التحويل إلى إنارة ليد'],
    price: 55, priceType: 'per_job', duration: 90, rating: 4.9,
  },
  {
    category: 'electrical', by: 'khaled', slug: 'socket-switch-replacement',
    title: 'Socket and Switch Replacement', titleAr: 'استبدال المقابس والمفاتيح',
    description: 'Replacing old or broken sockets and switches, adding USB outlets where you need them.',
    descriptionAr: 'استبدال المقابس والمفاتيح القديمة أو المكسورة وإضافة مقابس USB حيث تحتاجها.',
    features: ['Up to 10 points per visit', 'USB and smart sockets', 'Earthing checked'],
    featuresAr: ['حتى 10 نقاط في الزيارة', 'مقابس USB ومقابس ذكية', 'فحص التأريض'],
    price: 60, priceType: 'per_job', duration: 90, rating: 4.7,
  },
  {
    category: 'electrical', by: 'bilal', slug: 'rooftop-solar-inspection',
    title: 'Rooftop Solar Inspection', titleAr: 'فحص أنظمة الطاقة الشمسية على الأسطح',
    description: 'Inspection and cleaning of solar panels and inverter to restore lost output.',
    descriptionAr: 'فحص الألواح الشمسية والعاكس وتنظيفها لاستعادة الإنتاج المفقود.',
    features: ['Panel cleaning', 'Inverter diagnostics', 'Output report'],
    featuresAr: ['تنظيف الألواح', 'تشخيص العاكس', 'تقرير عن الإنتاج'],
    price: 85, priceType: 'per_job', duration: 120, rating: 4.8,
  },
  {
    category: 'electrical', by: 'bilal', slug: 'ev-charger-installation',
    title: 'Home EV Charger Installation', titleAr: 'تركيب شاحن سيارة كهربائية في المنزل',
    description: 'Wall charger installation on a dedicated circuit, tested and certified.',
    descriptionAr: 'تركيب شاحن جداري على دائرة كهربائية مستقلّة مع الفحص والاعتماد.',
    features: ['Dedicated circuit', 'Load assessment', 'One-year warranty'],
    featuresAr: ['دائرة كهربائية مستقلّة', 'تقييم الأحمال', 'كفالة لمدة سنة'],
    price: 220, priceType: 'per_job', duration: 240, rating: 4.7,
  },
  // Delivery (from $15)
  {
    category: 'delivery', by: 'tariq', slug: 'same-day-parcel-delivery',
    title: 'Same-Day Parcel Delivery', titleAr: 'توصيل الطرود في اليوم نفسه',
    description: 'Documents and parcels up to 10 kg delivered across the city the same day.',
    descriptionAr: 'توصيل المستندات والطرود حتى 10 كغ داخل المدينة في اليوم نفسه.',
    features: ['Live tracking by phone', 'Proof of delivery photo', 'Up to 10 kg'],
    featuresAr: ['متابعة مباشرة عبر الهاتف', 'صورة تثبت التسليم', 'حتى 10 كغ'],
    price: 15, priceType: 'per_job', duration: 120, rating: 4.6,
  },
  {
    category: 'delivery', by: 'tariq', slug: 'grocery-pickup-delivery',
    title: 'Grocery Pickup and Delivery', titleAr: 'شراء البقالة وتوصيلها',
    description: 'Send your list; we shop at your chosen supermarket and bring it to your door.',
    descriptionAr: 'أرسل قائمتك، فنتسوّق من السوبرماركت الذي تختاره ونوصلها إلى باب بيتك.',
    features: ['Your chosen store', 'Receipt photo sent', 'Cold items kept cool'],
    featuresAr: ['من المتجر الذي تختاره', 'إرسال صورة الفاتورة', 'حفظ المبرّدات باردة'],
    price: 18, priceType: 'per_job', duration: 90, rating: 4.7,
  },
  {
    category: 'delivery', by: 'tariq', slug: 'pharmacy-delivery',
    title: 'Pharmacy Delivery', titleAr: 'توصيل الأدوية من الصيدلية',
    description: 'Prescription and pharmacy items collected and delivered discreetly within two hours.',
    descriptionAr: 'استلام الوصفات ومستلزمات الصيدلية وتوصيلها بسرية خلال ساعتين.',
    features: ['Within two hours', 'Discreet packaging', 'Late-night service'],
    featuresAr: ['خلال ساعتين', 'تغليف يحفظ الخصوصية', 'خدمة حتى وقت متأخر'],
    price: 15, priceType: 'per_job', duration: 60, rating: 4.8,
  },
  {
    category: 'delivery', by: 'faisal', slug: 'furniture-moving',
    title: 'Furniture Moving', titleAr: 'نقل الأثاث',
    description: 'Moving furniture between homes with a covered truck, two movers and wrapping.',
    descriptionAr: 'نقل الأثاث بين المنازل بشاحنة مغطّاة وعاملَي نقل مع التغليف.',
    features: ['Two trained movers', 'Blankets and stretch wrap', 'Assembly on arrival'],
    featuresAr: ['عاملا نقل مدرَّبان', 'أغطية وتغليف بلاستيكي', 'التركيب عند الوصول'],
    price: 60, priceType: 'hourly', duration: 240, rating: 4.6,
  },
  {
    category: 'delivery', by: 'faisal', slug: 'large-item-delivery',
    title: 'Large Item Delivery', titleAr: 'توصيل القطع الكبيرة',
    description: 'Fridges, washing machines and sofas picked up from the store and carried in.',
    descriptionAr: 'استلام الثلاجات والغسالات والكنب من المتجر وإدخالها إلى المنزل.',
    features: ['Store pickup', 'Carried upstairs', 'Packaging removed'],
    featuresAr: ['الاستلام من المتجر', 'الحمل إلى الطوابق العليا', 'إزالة الكرتون والتغليف'],
    price: 40, priceType: 'per_job', duration: 120, rating: 4.5,
  },
  // Maintenance (from $30)
  {
    category: 'maintenance', by: 'omar', slug: 'handyman-hour',
    title: 'Handyman by the Hour', titleAr: 'فنّي صيانة بالساعة',
    description: 'A skilled handyman for your list of small jobs: hinges, handles, curtains and more.',
    descriptionAr: 'فنّي ماهر لقائمة أعمالك الصغيرة: المفصّلات والمقابض والستائر وغيرها.',
    features: ['Bring your to-do list', 'Own tools and fixings', 'Tidy finish'],
    featuresAr: ['أحضر قائمة مهامك', 'العدّة والمستلزمات معه', 'إنهاء مرتّب ونظيف'],
    price: 30, priceType: 'hourly', duration: 60, rating: 4.9,
  },
  {
    category: 'maintenance', by: 'omar', slug: 'furniture-assembly',
    title: 'Flat-Pack Furniture Assembly', titleAr: 'تركيب الأثاث الجاهز',
    description: 'Wardrobes, beds, desks and shelves assembled and fixed to the wall safely.',
    descriptionAr: 'تركيب الخزائن والأسرّة والمكاتب والرفوف وتثبيتها على الجدار بأمان.',
    features: ['All major brands', 'Wall anchoring', 'Packaging removed'],
    featuresAr: ['جميع العلامات التجارية', 'التثبيت على الجدار', 'إزالة الكرتون'],
    price: 35, priceType: 'hourly', duration: 120, rating: 4.8,
  },
  {
    category: 'maintenance', by: 'omar', slug: 'door-lock-repair',
    title: 'Door and Lock Repair', titleAr: 'إصلاح الأبواب والأقفال',
    description: 'Sticking doors planed, hinges realigned, locks changed or upgraded.',
    descriptionAr: 'كشط الأبواب العالقة وضبط المفصّلات وتبديل الأقفال أو ترقيتها.',
    features: ['Lock cylinder change', 'Door alignment', 'Smart lock fitting'],
    featuresAr: ['تبديل أسطوانة القفل', 'ضبط الباب', 'تركيب الأقفال الذكية'],
    price: 40, priceType: 'per_job', duration: 60, rating: 4.7,
  },
  {
    category: 'maintenance', by: 'omar', slug: 'tv-wall-mounting',
    title: 'TV Wall Mounting', titleAr: 'تركيب التلفاز على الجدار',
    description: 'Mounting TVs up to 85 inches with hidden cables and a level finish.',
    descriptionAr: 'تركيب أجهزة التلفاز حتى 85 بوصة مع إخفاء الأسلاك وضبط الاستواء.',
    features: ['Bracket supplied on request', 'Cable concealment', 'Level and stud check'],
    featuresAr: ['توفير الحامل عند الطلب', 'إخفاء الأسلاك', 'ضبط الاستواء وفحص الجدار'],
    price: 45, priceType: 'per_job', duration: 90, rating: 4.9,
  },
  {
    category: 'maintenance', by: 'omar', slug: 'ac-maintenance',
    title: 'Air Conditioner Servicing', titleAr: 'صيانة المكيّفات',
    description: 'Split-unit cleaning, gas pressure check and drain clearing before the summer.',
    descriptionAr: 'تنظيف المكيّفات المنفصلة وفحص ضغط الغاز وتنظيف التصريف قبل الصيف.',
    features: ['Filter and coil cleaning', 'Gas pressure check', 'Drain line flush'],
    featuresAr: ['تنظيف الفلاتر والملفّات', 'فحص ضغط الغاز', 'تنظيف خط التصريف'],
    price: 35, priceType: 'per_job', duration: 60, rating: 4.8,
  },
  {
    category: 'maintenance', by: 'omar', slug: 'kitchen-cabinet-repair',
    title: 'Kitchen Cabinet Repair', titleAr: 'إصلاح خزائن المطبخ',
    description: 'Fixing sagging doors, broken drawer runners and loose worktops.',
    descriptionAr: 'إصلاح الأبواب المائلة ومجاري الأدراج المكسورة وأسطح العمل غير المثبّتة.',
    features: ['Soft-close hinges', 'Drawer runners replaced', 'Worktop resealing'],
    featuresAr: ['مفصّلات بإغلاق هادئ', 'استبدال مجاري الأدراج', 'إعادة عزل سطح العمل'],
    price: 50, priceType: 'per_job', duration: 120, rating: 4.8,
  },
  // Painting (from $35)
  {
    category: 'painting', by: 'lina', slug: 'room-painting',
    title: 'Single Room Painting', titleAr: 'دهان غرفة واحدة',
    description: 'Walls and ceiling of one room painted in two coats, furniture covered and moved back.',
    descriptionAr: 'دهان جدران غرفة واحدة وسقفها بطبقتين مع تغطية الأثاث وإعادته إلى مكانه.',
    features: ['Two coats', 'Furniture protected', 'Low-odour paint'],
    featuresAr: ['طبقتان من الدهان', 'حماية الأثاث', 'دهان قليل الرائحة'],
    price: 150, priceType: 'per_job', duration: 480, rating: 4.9,
  },
  {
    category: 'painting', by: 'lina', slug: 'painter-hourly',
    title: 'Painter by the Hour', titleAr: 'دهّان بالساعة',
    description: 'Touch-ups, doors, skirting and small areas billed by the hour.',
    descriptionAr: 'ترميم البقع والأبواب والنعلات والمساحات الصغيرة بأجر بالساعة.',
    features: ['Touch-ups', 'Doors and frames', 'Paint matching'],
    featuresAr: ['ترميم البقع', 'الأبواب وإطاراتها', 'مطابقة لون الدهان'],
    price: 35, priceType: 'hourly', duration: 120, rating: 4.8,
  },
  {
    category: 'painting', by: 'lina', slug: 'feature-wall-decor',
    title: 'Decorative Feature Wall', titleAr: 'جدار ديكوري مميّز',
    description: 'Textured, stencilled or two-tone finishes that make one wall the centre of the room.',
    descriptionAr: 'تشطيبات بارزة أو مزخرفة أو بلونين تجعل جدارًا واحدًا محور الغرفة.',
    features: ['Design consultation', 'Texture and stencil options', 'Premium paints'],
    featuresAr: ['استشارة في التصميم', 'خيارات النقوش والزخارف', 'دهانات فاخرة'],
    price: 180, priceType: 'per_job', duration: 360, rating: 5.0,
  },
  {
    category: 'painting', by: 'lina', slug: 'wall-crack-repair',
    title: 'Wall Crack and Damp Repair', titleAr: 'إصلاح شقوق الجدران والرطوبة',
    description: 'Filling cracks, treating damp patches and repainting so the marks do not return.',
    descriptionAr: 'تعبئة الشقوق ومعالجة بقع الرطوبة وإعادة الدهان حتى لا تعود الآثار.',
    features: ['Anti-damp primer', 'Crack filling and sanding', 'Colour-matched repaint'],
    featuresAr: ['أساس مانع للرطوبة', 'تعبئة الشقوق وصنفرتها', 'إعادة الدهان بلون مطابق'],
    price: 70, priceType: 'per_job', duration: 180, rating: 4.8,
  },
  {
    category: 'painting', by: 'lina', slug: 'exterior-painting',
    title: 'Exterior Wall Painting', titleAr: 'دهان الواجهات الخارجية',
    description: 'Weather-resistant painting of boundary walls, facades and gates.',
    descriptionAr: 'دهان الأسوار والواجهات والبوابات بدهانات مقاومة للعوامل الجوية.',
    features: ['Weatherproof paint', 'Pressure washing first', 'Gates and railings'],
    featuresAr: ['دهان مقاوم للعوامل الجوية', 'غسيل بالضغط قبل الدهان', 'البوابات والدرابزين'],
    price: 45, priceType: 'hourly', duration: 480, rating: 4.7,
  },
  // Gardening (from $45)
  {
    category: 'gardening', by: 'huda', slug: 'lawn-mowing-edging',
    title: 'Lawn Mowing and Edging', titleAr: 'قصّ العشب وتشذيب الحواف',
    description: 'Mowing, edging and clearing clippings for a neat lawn every visit.',
    descriptionAr: 'قصّ العشب وتشذيب حوافه وجمع المخلّفات لحديقة مرتّبة في كل زيارة.',
    features: ['Mowing and edging', 'Clippings removed', 'Weekly or fortnightly'],
    featuresAr: ['القصّ والتشذيب', 'إزالة المخلّفات', 'أسبوعيًا أو كل أسبوعين'],
    price: 45, priceType: 'per_job', duration: 90, rating: 4.8,
  },
  {
    category: 'gardening', by: 'huda', slug: 'tree-pruning',
    title: 'Tree and Hedge Pruning', titleAr: 'تقليم الأشجار والأسيجة النباتية',
    description: 'Shaping palms, citrus trees and hedges, with all green waste taken away.',
    descriptionAr: 'تقليم النخيل وأشجار الحمضيات والأسيجة النباتية مع نقل كل المخلّفات الخضراء.',
    features: ['Palm frond trimming', 'Fruit tree pruning', 'Green waste removal'],
    featuresAr: ['تقليم سعف النخيل', 'تقليم الأشجار المثمرة', 'نقل المخلّفات الخضراء'],
    price: 55, priceType: 'hourly', duration: 180, rating: 4.7,
  },
  {
    category: 'gardening', by: 'huda', slug: 'drip-irrigation-setup',
    title: 'Drip Irrigation Setup', titleAr: 'تركيب نظام الري بالتنقيط',
    description: 'Water-saving drip lines with a timer for beds, pots and hedges.',
    descriptionAr: 'خطوط ري بالتنقيط موفّرة للمياه مع مؤقّت للأحواض والأصص والأسيجة.',
    features: ['Automatic timer', 'Up to 40% less water', 'Layout plan included'],
    featuresAr: ['مؤقّت آلي', 'توفير حتى 40٪ من المياه', 'مخطّط التوزيع مشمول'],
    price: 160, priceType: 'per_job', duration: 240, rating: 4.9,
  },
  {
    category: 'gardening', by: 'huda', slug: 'garden-design-consultation',
    title: 'Garden Design Consultation', titleAr: 'استشارة في تصميم الحديقة',
    description: 'A site visit and a planting plan suited to heat, shade and your budget.',
    descriptionAr: 'زيارة للموقع وخطة زراعة تناسب الحرارة والظل وميزانيتك.',
    features: ['Site visit', 'Planting plan', 'Heat-tolerant plant list'],
    featuresAr: ['زيارة الموقع', 'خطة الزراعة', 'قائمة نباتات تتحمّل الحرارة'],
    price: 80, priceType: 'per_job', duration: 90, rating: 4.9,
  },
  {
    category: 'gardening', by: 'huda', slug: 'seasonal-planting',
    title: 'Seasonal Planting', titleAr: 'الزراعة الموسمية',
    description: 'Preparing beds with fresh soil and planting seasonal flowers and herbs.',
    descriptionAr: 'تجهيز الأحواض بتربة جديدة وزراعة الأزهار والأعشاب الموسمية.',
    features: ['Soil and compost', 'Seasonal flowers', 'Herb corner'],
    featuresAr: ['تربة وسماد عضوي', 'أزهار موسمية', 'ركن للأعشاب العطرية'],
    price: 50, priceType: 'hourly', duration: 120, rating: 4.8,
  },
  // Tutoring (from $30)
  {
    category: 'tutoring', by: 'mariam', slug: 'tawjihi-maths',
    title: 'Tawjihi Maths Tutoring', titleAr: 'دروس رياضيات للتوجيهي',
    description: 'One-to-one maths lessons following the Tawjihi curriculum, with past exam practice.',
    descriptionAr: 'دروس رياضيات فردية وفق منهاج التوجيهي مع التدرّب على امتحانات السنوات السابقة.',
    features: ['Past papers', 'Weekly progress notes', 'At home or online'],
    featuresAr: ['امتحانات سابقة', 'ملاحظات أسبوعية عن التقدّم', 'في المنزل أو عبر الإنترنت'],
    price: 30, priceType: 'hourly', duration: 60, rating: 4.9,
  },
  {
    category: 'tutoring', by: 'mariam', slug: 'igcse-physics',
    title: 'IGCSE Physics Tutoring', titleAr: 'دروس فيزياء لمنهاج IGCSE',
    description: 'Concepts, problem solving and exam technique for IGCSE physics.',
    descriptionAr: 'شرح المفاهيم وحلّ المسائل ومهارات الامتحان لمادة الفيزياء في منهاج IGCSE.',
    features: ['Exam technique', 'Practical questions', 'Bilingual explanations'],
    featuresAr: ['مهارات الإجابة في الامتحان', 'أسئلة التجارب العملية', 'شرح باللغتين'],
    price: 35, priceType: 'hourly', duration: 60, rating: 4.8,
  },
  {
    category: 'tutoring', by: 'mariam', slug: 'primary-homework-help',
    title: 'Primary Homework Help', titleAr: 'مساعدة في واجبات المرحلة الابتدائية',
    description: 'Friendly after-school help with homework, reading and study habits.',
    descriptionAr: 'مساعدة ودودة بعد المدرسة في الواجبات والقراءة وعادات الدراسة.',
    features: ['Ages 6-12', 'Reading practice', 'Study routines'],
    featuresAr: ['من 6 إلى 12 سنة', 'تدريب على القراءة', 'بناء روتين للدراسة'],
    price: 30, priceType: 'hourly', duration: 90, rating: 4.9,
  },
  {
    category: 'tutoring', by: 'dina', slug: 'ielts-preparation',
    title: 'IELTS Preparation', titleAr: 'التحضير لامتحان IELTS',
    description: 'Targeted practice in all four skills with timed mock tests and band feedback.',
    descriptionAr: 'تدريب مركَّز على المهارات الأربع مع امتحانات تجريبية موقوتة وتقييم للدرجة المتوقّعة.',
    features: ['Mock tests', 'Writing corrections', 'Speaking practice'],
    featuresAr: ['امتحانات تجريبية', 'تصحيح الكتابة', 'تدريب على المحادثة'],
    price: 40, priceType: 'hourly', duration: 90, rating: 4.9,
  },
  {
    category: 'tutoring', by: 'dina', slug: 'arabic-for-beginners',
    title: 'Arabic for Beginners', titleAr: 'اللغة العربية للمبتدئين',
    description: 'Everyday Arabic for newcomers: reading the alphabet, greetings and conversation.',
    descriptionAr: 'عربية الحياة اليومية للقادمين الجدد: قراءة الحروف والتحيّات والمحادثة.',
    features: ['Alphabet and reading', 'Everyday conversation', 'Gulf and Levantine phrases'],
    featuresAr: ['الحروف والقراءة', 'محادثات يومية', 'عبارات خليجية وشامية'],
    price: 30, priceType: 'hourly', duration: 60, rating: 4.8,
  },
  {
    category: 'tutoring', by: 'dina', slug: 'kids-english-club',
    title: 'Kids English Club', titleAr: 'نادي الإنجليزية للأطفال',
    description: 'Playful English sessions with stories, songs and games for young learners.',
    descriptionAr: 'حصص إنجليزية ممتعة بالقصص والأغاني والألعاب للمتعلّمين الصغار.',
    features: ['Ages 5-10', 'Stories and songs', 'Small groups of up to 4'],
    featuresAr: ['من 5 إلى 10 سنوات', 'قصص وأغانٍ', 'مجموعات صغيرة حتى 4 أطفال'],
    price: 32, priceType: 'hourly', duration: 60, rating: 4.9,
  },
  // Automotive (from $60)
  {
    category: 'automotive', by: 'hassan', slug: 'mobile-car-wash',
    title: 'Mobile Car Wash and Polish', titleAr: 'غسيل السيارة وتلميعها في موقعك',
    description: 'Exterior wash, interior vacuum and polish in your own parking space.',
    descriptionAr: 'غسيل خارجي وتنظيف داخلي بالمكنسة وتلميع في موقف سيارتك.',
    features: ['Waterless option', 'Interior vacuum', 'Tyre shine'],
    featuresAr: ['خيار الغسيل دون ماء', 'تنظيف داخلي بالمكنسة', 'تلميع الإطارات'],
    price: 60, priceType: 'per_job', duration: 90, rating: 4.7,
  },
  {
    category: 'automotive', by: 'hassan', slug: 'oil-change-at-home',
    title: 'Oil Change at Home', titleAr: 'تغيير الزيت في المنزل',
    description: 'Engine oil and filter change with a 20-point check, at your home or office.',
    descriptionAr: 'تغيير زيت المحرّك والفلتر مع فحص من 20 نقطة في منزلك أو مكتبك.',
    features: ['Synthetic oil', 'New filter', '20-point check'],
    featuresAr: ['زيت صناعي', 'فلتر جديد', 'فحص من 20 نقطة'],
    price: 75, priceType: 'per_job', duration: 60, rating: 4.8,
  },
  {
    category: 'automotive', by: 'hassan', slug: 'car-battery-replacement',
    title: 'Car Battery Replacement', titleAr: 'تبديل بطارية السيارة',
    description: 'Battery testing and replacement on the spot, with the old battery recycled.',
    descriptionAr: 'فحص البطارية وتبديلها في الموقع مع إعادة تدوير البطارية القديمة.',
    features: ['Battery and alternator test', 'Warrantied batteries', 'Old battery recycled'],
    featuresAr: ['فحص البطارية والدينامو', 'بطاريات بكفالة', 'إعادة تدوير البطارية القديمة'],
    price: 65, priceType: 'per_job', duration: 45, rating: 4.8,
  },
  {
    category: 'automotive', by: 'hassan', slug: 'interior-detailing',
    title: 'Full Interior Detailing', titleAr: 'تنظيف داخلي شامل للسيارة',
    description: 'Seats, carpets, dashboard and headliner deep-cleaned and sanitised.',
    descriptionAr: 'تنظيف عميق وتعقيم للمقاعد والسجاد ولوحة القيادة وسقف السيارة.',
    features: ['Seat shampoo', 'Leather conditioning', 'Odour treatment'],
    featuresAr: ['غسيل المقاعد بالشامبو', 'ترطيب الجلد', 'معالجة الروائح'],
    price: 110, priceType: 'per_job', duration: 180, rating: 4.9,
  },
  {
    category: 'automotive', by: 'hassan', slug: 'pre-purchase-inspection',
    title: 'Used Car Pre-Purchase Inspection', titleAr: 'فحص السيارة المستعملة قبل الشراء',
    description: 'An independent mechanic checks the car you want to buy and reports back the same day.',
    descriptionAr: 'ميكانيكي مستقلّ يفحص السيارة التي تنوي شراءها ويرسل لك تقريرًا في اليوم نفسه.',
    features: ['Engine and gearbox', 'Computer diagnostics', 'Written report with photos'],
    featuresAr: ['فحص المحرّك وناقل الحركة', 'فحص بالكمبيوتر', 'تقرير مكتوب مع صور'],
    price: 90, priceType: 'per_job', duration: 90, rating: 4.8,
  },
  // Pet care (from $20)
  {
    category: 'petcare', by: 'nour', slug: 'dog-walking',
    title: 'Dog Walking', titleAr: 'تمشية الكلاب',
    description: 'A 45-minute walk with fresh water and a short report after each outing.',
    descriptionAr: 'نزهة لمدة 45 دقيقة مع ماء نظيف وتقرير قصير بعد كل خروج.',
    features: ['45-minute walks', 'Photo updates', 'Morning or evening'],
    featuresAr: ['نزهات لمدة 45 دقيقة', 'صور للاطمئنان', 'صباحًا أو مساءً'],
    price: 20, priceType: 'per_job', duration: 45, rating: 5.0,
  },
  {
    category: 'petcare', by: 'nour', slug: 'pet-grooming-at-home',
    title: 'Pet Grooming at Home', titleAr: 'تجميل الحيوانات الأليفة في المنزل',
    description: 'Bath, brush, nail trim and ear cleaning for cats and small dogs.',
    descriptionAr: 'استحمام وتمشيط وقصّ أظافر وتنظيف آذان للقطط والكلاب الصغيرة.',
    features: ['Gentle shampoos', 'Nail trimming', 'Ear cleaning'],
    featuresAr: ['شامبو لطيف', 'قصّ الأظافر', 'تنظيف الأذنين'],
    price: 45, priceType: 'per_job', duration: 90, rating: 4.9,
  },
  {
    category: 'petcare', by: 'nour', slug: 'pet-sitting-visits',
    title: 'Pet Sitting Home Visits', titleAr: 'زيارات منزلية لرعاية الحيوانات الأليفة',
    description: 'Feeding, litter, play time and cuddles while you are away.',
    descriptionAr: 'إطعام وتنظيف صندوق الفضلات ووقت للّعب والاهتمام أثناء غيابك.',
    features: ['Twice-daily visits available', 'Medication given', 'Daily photo'],
    featuresAr: ['زيارتان يوميًا عند الحاجة', 'إعطاء الأدوية', 'صورة يومية'],
    price: 25, priceType: 'per_job', duration: 45, rating: 5.0,
  },
  {
    category: 'petcare', by: 'nour', slug: 'puppy-training-basics',
    title: 'Puppy Training Basics', titleAr: 'أساسيات تدريب الجراء',
    description: 'Positive-reinforcement training for sit, stay, recall and lead walking.',
    descriptionAr: 'تدريب بالتعزيز الإيجابي على الجلوس والثبات والاستدعاء والمشي بالمقود.',
    features: ['Positive methods only', 'Homework for owners', 'Progress tracking'],
    featuresAr: ['أساليب إيجابية فقط', 'تمارين لأصحاب الحيوان', 'متابعة التقدّم'],
    price: 35, priceType: 'hourly', duration: 60, rating: 4.9,
  },
  {
    category: 'petcare', by: 'nour', slug: 'cat-boarding-at-home',
    title: 'Cat Care While You Travel', titleAr: 'رعاية القطط أثناء سفرك',
    description: 'Daily visits for cats during holidays, with plant watering on request.',
    descriptionAr: 'زيارات يومية للقطط خلال العطلات مع سقاية النباتات عند الطلب.',
    features: ['Daily visit', 'Fresh food and water', 'Plant watering'],
    featuresAr: ['زيارة يومية', 'طعام وماء طازجان', 'سقاية النباتات'],
    price: 20, priceType: 'per_job', duration: 30, rating: 4.9,
  },
  // Fitness (from $40)
  {
    category: 'fitness', by: 'rania', slug: 'personal-training-at-home',
    title: 'Personal Training at Home', titleAr: 'تدريب شخصي في المنزل',
    description: 'A tailored strength and cardio session with equipment brought to you.',
    descriptionAr: 'حصة قوة وتمارين قلبية مصمَّمة لك مع إحضار المعدّات إلى منزلك.',
    features: ['Fitness assessment', 'Equipment provided', 'Progress plan'],
    featuresAr: ['تقييم اللياقة', 'المعدّات مشمولة', 'خطة للتقدّم'],
    price: 40, priceType: 'hourly', duration: 60, rating: 4.9,
  },
  {
    category: 'fitness', by: 'rania', slug: 'private-yoga-session',
    title: 'Private Yoga Session', titleAr: 'حصة يوغا خاصة',
    description: 'Hatha and vinyasa yoga for flexibility, posture and calm, for all levels.',
    descriptionAr: 'يوغا هاثا وفينياسا للمرونة وتحسين القوام والهدوء لجميع المستويات.',
    features: ['All levels', 'Mats provided', 'Breathing techniques'],
    featuresAr: ['لجميع المستويات', 'توفير الحصائر', 'تقنيات التنفّس'],
    price: 45, priceType: 'hourly', duration: 60, rating: 5.0,
  },
  {
    category: 'fitness', by: 'rania', slug: 'postnatal-fitness',
    title: 'Postnatal Fitness Programme', titleAr: 'برنامج لياقة بعد الولادة',
    description: 'Safe core and pelvic-floor focused training for new mothers.',
    descriptionAr: 'تمارين آمنة تركّز على عضلات البطن وقاع الحوض للأمهات الجدد.',
    features: ['Core rehabilitation', 'Baby-friendly timing', 'Female coach'],
    featuresAr: ['إعادة تأهيل عضلات البطن', 'مواعيد تناسب وجود الطفل', 'مدرّبة'],
    price: 50, priceType: 'hourly', duration: 60, rating: 4.9,
  },
  {
    category: 'fitness', by: 'rania', slug: 'nutrition-coaching',
    title: 'Nutrition Coaching', titleAr: 'استشارات التغذية',
    description: 'A meal plan built around your goals, schedule and the food you enjoy.',
    descriptionAr: 'خطة وجبات مبنية على أهدافك وجدولك والأطعمة التي تحبّها.',
    features: ['Personal meal plan', 'Shopping list', 'Two follow-up calls'],
    featuresAr: ['خطة وجبات شخصية', 'قائمة تسوّق', 'مكالمتا متابعة'],
    price: 60, priceType: 'per_job', duration: 60, rating: 4.8,
  },
  {
    category: 'fitness', by: 'rania', slug: 'senior-mobility-training',
    title: 'Senior Mobility Training', titleAr: 'تمارين الحركة لكبار السن',
    description: 'Gentle balance, strength and mobility exercises to stay active and prevent falls.',
    descriptionAr: 'تمارين لطيفة للتوازن والقوة والحركة للبقاء نشيطًا والوقاية من السقوط.',
    features: ['Balance work', 'Chair-based options', 'Family kept informed'],
    featuresAr: ['تمارين التوازن', 'تمارين على الكرسي', 'إطلاع العائلة على التقدّم'],
    price: 40, priceType: 'hourly', duration: 45, rating: 4.9,
  },
  // Tech support (from $35)
  {
    category: 'tech', by: 'samir', slug: 'computer-repair',
    title: 'Computer and Laptop Repair', titleAr: 'إصلاح الحواسيب المكتبية والمحمولة',
    description: 'Slow, noisy or not starting? Diagnosis and repair at your home or office.',
    descriptionAr: 'جهازك بطيء أو صاخب أو لا يعمل؟ تشخيص وإصلاح في منزلك أو مكتبك.',
    features: ['Hardware diagnosis', 'Virus and malware removal', 'SSD upgrades'],
    featuresAr: ['تشخيص القطع', 'إزالة الفيروسات والبرامج الضارّة', 'الترقية إلى أقراص SSD'],
    price: 35, priceType: 'hourly', duration: 60, rating: 4.8,
  },
  {
    category: 'tech', by: 'samir', slug: 'home-wifi-setup',
    title: 'Home Wi-Fi Setup', titleAr: 'إعداد شبكة الواي فاي المنزلية',
    description: 'Router and mesh setup for strong Wi-Fi in every room, with secure passwords.',
    descriptionAr: 'إعداد الراوتر وشبكة الميش لإشارة قوية في كل غرفة مع كلمات مرور آمنة.',
    features: ['Coverage survey', 'Mesh installation', 'Parental controls'],
    featuresAr: ['قياس تغطية الإشارة', 'تركيب شبكة ميش', 'أدوات الرقابة الأبوية'],
    price: 45, priceType: 'per_job', duration: 90, rating: 4.9,
  },
  {
    category: 'tech', by: 'samir', slug: 'data-recovery',
    title: 'Data Recovery', titleAr: 'استعادة البيانات',
    description: 'Recovering photos and documents from failed drives, phones and memory cards.',
    descriptionAr: 'استعادة الصور والمستندات من الأقراص والهواتف وبطاقات الذاكرة المعطوبة.',
    features: ['Free assessment', 'No data, no fee', 'Confidential handling'],
    featuresAr: ['تقييم مجاني', 'لا أجر إن لم تُستعَد البيانات', 'تعامل سرّي مع بياناتك'],
    price: 80, priceType: 'per_job', duration: 120, rating: 4.7,
  },
  {
    category: 'tech', by: 'samir', slug: 'smart-home-setup',
    title: 'Smart Home Setup', titleAr: 'إعداد المنزل الذكي',
    description: 'Smart speakers, cameras, plugs and lights connected and set up in Arabic or English.',
    descriptionAr: 'توصيل السماعات والكاميرات والمقابس والإنارة الذكية وإعدادها بالعربية أو الإنجليزية.',
    features: ['Cameras and doorbells', 'Voice assistants', 'Routines and automations'],
    featuresAr: ['الكاميرات وأجراس الأبواب', 'المساعدات الصوتية', 'أوامر وأتمتة يومية'],
    price: 50, priceType: 'hourly', duration: 120, rating: 4.8,
  },
  {
    category: 'tech', by: 'samir', slug: 'phone-tablet-help',
    title: 'Phone and Tablet Help for Seniors', titleAr: 'مساعدة كبار السن في الهواتف والأجهزة اللوحية',
    description: 'Patient, step-by-step help with messaging, video calls, photos and banking apps.',
    descriptionAr: 'مساعدة صبورة خطوة بخطوة في الرسائل ومكالمات الفيديو والصور وتطبيقات البنوك.',
    features: ['Video calling', 'Safe banking apps', 'Printed cheat sheet'],
    featuresAr: ['مكالمات الفيديو', 'استخدام آمن لتطبيقات البنوك', 'ورقة إرشادات مطبوعة'],
    price: 35, priceType: 'hourly', duration: 60, rating: 5.0,
  },
];

/** Fixed ids so the seed upserts the same rows every run. */
const serviceId = (n: number) => `00000000-0000-4000-a000-${String(1000 + n).padStart(12, '0')}`;

const FIRST_LISTED = Date.UTC(2025, 0, 6);
const DAY_MS = 24 * 3600 * 1000;

const listed = rows.map((row, index) => {
  const owner = provider(row.by);
  const service = {
    id: serviceId(index),
    slug: row.slug,
    providerId: owner.id,
    categoryId: categoryBySlug(row.category).id,
    title: row.title,
    titleAr: row.titleAr,
    description: row.description,
    descriptionAr: row.descriptionAr,
    features: row.features,
    featuresAr: row.featuresAr,
    price: row.price,
    priceType: row.priceType,
    durationMinutes: row.duration,
    location: owner.city,
    locationAr: owner.cityAr,
    // Spread over the year (interleaving categories) so "newest" has a meaningful order.
    createdAt: new Date(FIRST_LISTED + ((index * 37) % rows.length) * 5 * DAY_MS).toISOString(),
  };
  const reviews = writeReviews(service, row.rating, index, index * 10);
  return { service: { ...service, ...ratingOf(reviews) }, reviews };
});

/** Every category lists this many services once the written rows are joined by the generated ones. */
export const SERVICES_PER_CATEGORY = 21;
const GROWN_RATINGS = [4.6, 4.8, 4.9, 4.7, 5, 4.5, 4.8, 4.3, 4.9, 4.7, 4.4];
/** Each provider prices a little differently from the offering's typical price. */
const PRICE_FACTORS = [1, 1.15, 0.9, 1.3, 1.05, 0.95, 1.2];
/** The generated listings go online from September 2024, interleaved with the written ones. */
const FIRST_GROWN = Date.UTC(2024, 8, 2);
const HOUR_MS = 3600 * 1000;

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');
/** Dollars as people price: whole dollars under 50, then steps of 5. */
const roundPrice = (dollars: number) => (dollars < 50 ? Math.round(dollars) : Math.round(dollars / 5) * 5);

/**
 * The rest of each category, written from its offerings (offerings.ts): every offering once by one
 * provider of the category, then under its alternative title by the next, until the category has
 * SERVICES_PER_CATEGORY services. Each provider adds its area, its price level and its own promise.
 * The demo provider account keeps its written services only, so its portal stays as the tests know it.
 */
const grown = DEMO_CATEGORIES.flatMap((category) => {
  const offerings = OFFERINGS[category.slug] ?? [];
  const owners = DEMO_PROVIDERS.filter((p) => p.categoryId === category.id && p.userId !== DEMO_ACCOUNTS.provider.id);
  const written = rows.filter((row) => row.category === category.slug).length;
  return Array.from({ length: SERVICES_PER_CATEGORY - written }, (_, k) => {
    const round = Math.floor(k / offerings.length);
    const offer = offerings[k % offerings.length]!;
    const owner = owners[((k % offerings.length) + round) % owners.length]!;
    const ownerIndex = DEMO_PROVIDERS.indexOf(owner);
    const ownerName = PROVIDER_USERS.find((u) => u.id === owner.userId)!.lastName;
    const [title, titleAr] = round === 0 ? offer.title : offer.altTitle;
    const areas = CITY_AREAS[owner.city] ?? [[owner.city, owner.cityAr]];
    const [a, aAr] = pick(areas, ownerIndex + k);
    const [b, bAr] = pick(areas, ownerIndex + k + 1);
    const [area, areaAr] = pick(AREA_LINES, ownerIndex + k);
    const promise = pick(PROVIDER_PROMISES, ownerIndex);
    return {
      rating: pick(GROWN_RATINGS, k * 3 + ownerIndex),
      row: {
        slug: `${offer.slug}-${ownerName.toLowerCase().replace(/[^a-z]+/g, '-')}`,
        providerId: owner.id,
        categoryId: category.id,
        title,
        titleAr,
        description: `${offer.description[0]} ${fill(area, { a, b, city: owner.city })} ${promise.line[0]}`,
        descriptionAr: `${offer.description[1]} ${fill(areaAr, { a: aAr, b: bAr, city: owner.cityAr })} ${promise.line[1]}`,
        features: [...offer.features.map(([en]) => en), promise.feature[0]],
        featuresAr: [...offer.features.map(([, ar]) => ar), promise.feature[1]],
        price: Math.max(category.startingPrice, roundPrice(offer.price * pick(PRICE_FACTORS, ownerIndex))),
        priceType: offer.priceType,
        // A long job is booked as the longest visit the provider's day allows (bookings are one visit).
        durationMinutes: Math.min(offer.durationMinutes, longestVisitMinutes(owner)),
        location: owner.city,
        locationAr: owner.cityAr,
      },
    };
  });
}).map(({ row, rating }, g) => {
  const index = rows.length + g;
  const service = {
    id: serviceId(index),
    ...row,
    createdAt: new Date(FIRST_GROWN + ((g * 53) % 190) * 60 * HOUR_MS + (g % 11) * HOUR_MS).toISOString(),
  };
  const reviews = writeReviews(service, rating, index, index * 10);
  return { service: { ...service, ...ratingOf(reviews) }, reviews };
});

export const DEMO_SERVICES: DemoService[] = [...listed, ...grown].map((entry) => entry.service);

/** 2-6 reviews per demo service, in English and Arabic, newest last. */
export const DEMO_REVIEWS: DemoReview[] = [...listed, ...grown].flatMap((entry) => entry.reviews);
