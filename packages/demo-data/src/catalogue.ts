import type { ServiceCategoryDto } from '@khidma/contracts';

/** The 12 service categories of spec §3: fixed ids 1-12 and slugs, names and texts in both languages. */
export type DemoCategory = Omit<ServiceCategoryDto, 'providerCount'> & {
  /** Position in lists; `providerCount` is computed from the data, never seeded. */
  sortOrder: number;
};

type CategoryRow = Omit<DemoCategory, 'id' | 'sortOrder'>;

const rows: CategoryRow[] = [
  {
    slug: 'cleaning',
    name: 'Cleaning',
    nameAr: 'التنظيف',
    description: 'Home, office and deep cleaning by vetted, insured cleaners.',
    descriptionAr: 'تنظيف المنازل والمكاتب والتنظيف العميق على أيدي عمّال موثوقين ومؤمَّن عليهم.',
    icon: 'sparkles',
    color: '#0EA5E9',
    startingPrice: 25,
  },
  {
    slug: 'plumbing',
    name: 'Plumbing',
    nameAr: 'السباكة',
    description: 'Leaks, blocked drains, water heaters and new fittings, fixed by licensed plumbers.',
    descriptionAr: 'تسريبات المياه وانسداد المصارف وسخانات المياه وتركيب الأدوات الصحية على أيدي سبّاكين مرخَّصين.',
    icon: 'wrench',
    color: '#3B82F6',
    startingPrice: 40,
  },
  {
    slug: 'electrical',
    name: 'Electrical',
    nameAr: 'الكهرباء',
    description: 'Wiring, lighting, sockets and fault finding by certified electricians.',
    descriptionAr: 'التمديدات والإنارة والمقابس وكشف الأعطال على أيدي كهربائيين معتمَدين.',
    icon: 'zap',
    color: '#F59E0B',
    startingPrice: 50,
  },
  {
    slug: 'delivery',
    name: 'Delivery',
    nameAr: 'التوصيل',
    description: 'Same-day parcels, groceries and small moves across the city.',
    descriptionAr: 'توصيل الطرود والمشتريات ونقل الأغراض الصغيرة داخل المدينة في اليوم نفسه.',
    icon: 'truck',
    color: '#10B981',
    startingPrice: 15,
  },
  {
    slug: 'maintenance',
    name: 'Maintenance',
    nameAr: 'الصيانة',
    description: 'Handyman jobs, furniture assembly, doors, shelves and small repairs.',
    descriptionAr: 'أعمال الصيانة العامة وتركيب الأثاث والأبواب والرفوف والإصلاحات الصغيرة.',
    icon: 'hammer',
    color: '#6366F1',
    startingPrice: 30,
  },
  {
    slug: 'painting',
    name: 'Painting',
    nameAr: 'الدهان',
    description: 'Interior and exterior painting, wall repairs and decorative finishes.',
    descriptionAr: 'دهان داخلي وخارجي وترميم الجدران والتشطيبات الديكورية.',
    icon: 'paintbrush',
    color: '#EC4899',
    startingPrice: 35,
  },
  {
    slug: 'gardening',
    name: 'Gardening',
    nameAr: 'الحدائق',
    description: 'Lawn care, pruning, irrigation and garden design.',
    descriptionAr: 'العناية بالعشب وتقليم الأشجار وأنظمة الري وتنسيق الحدائق.',
    icon: 'leaf',
    color: '#22C55E',
    startingPrice: 45,
  },
  {
    slug: 'tutoring',
    name: 'Tutoring',
    nameAr: 'الدروس الخصوصية',
    description: 'Private lessons in school subjects, languages and exam preparation.',
    descriptionAr: 'دروس خصوصية في المواد المدرسية واللغات والتحضير للامتحانات.',
    icon: 'graduation-cap',
    color: '#8B5CF6',
    startingPrice: 30,
  },
  {
    slug: 'automotive',
    name: 'Automotive',
    nameAr: 'خدمات السيارات',
    description: 'Mobile car wash, servicing, batteries and tyres at your door.',
    descriptionAr: 'غسيل السيارات المتنقل والصيانة الدورية وتبديل البطاريات والإطارات أمام بابك.',
    icon: 'car',
    color: '#EF4444',
    startingPrice: 60,
  },
  {
    slug: 'petcare',
    name: 'Pet Care',
    nameAr: 'رعاية الحيوانات الأليفة',
    description: 'Dog walking, grooming, pet sitting and home visits.',
    descriptionAr: 'تمشية الكلاب وتجميل الحيوانات الأليفة ورعايتها والزيارات المنزلية.',
    icon: 'paw-print',
    color: '#F97316',
    startingPrice: 20,
  },
  {
    slug: 'fitness',
    name: 'Fitness',
    nameAr: 'اللياقة البدنية',
    description: 'Personal training, yoga and nutrition coaching at home or outdoors.',
    descriptionAr: 'تدريب شخصي ويوغا وإرشاد غذائي في المنزل أو في الهواء الطلق.',
    icon: 'dumbbell',
    color: '#14B8A6',
    startingPrice: 40,
  },
  {
    slug: 'tech',
    name: 'Tech Support',
    nameAr: 'الدعم التقني',
    description: 'Computer repair, home Wi-Fi, smart devices and data recovery.',
    descriptionAr: 'إصلاح الحواسيب وشبكات الواي فاي المنزلية والأجهزة الذكية واستعادة البيانات.',
    icon: 'laptop',
    color: '#64748B',
    startingPrice: 35,
  },
];

export const DEMO_CATEGORIES: DemoCategory[] = rows.map((row, index) => ({ ...row, id: index + 1, sortOrder: index + 1 }));

export function categoryBySlug(slug: string): DemoCategory {
  const category = DEMO_CATEGORIES.find((c) => c.slug === slug);
  if (!category) throw new Error(`Unknown demo category ${slug}`);
  return category;
}
