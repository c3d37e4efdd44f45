import { DEMO_CATEGORIES } from './catalogue.js';
import { DEMO_PROVIDERS, type DemoProvider } from './providers.js';
import { type DemoReview, pick, ratingOf, writeReviews } from './reviews.js';
import { DEMO_SERVICES, type DemoService } from './services.js';

/**
 * A large catalogue for load tests (`seed --bulk-services=N`), written from the demo vocabulary: each
 * generated service is a variant of a demo service of the same category, offered by a generated
 * provider in one of the demo cities. A few providers are pending and a few services inactive, so the
 * public filters have something to hide. Deterministic: the same N gives the same rows.
 */
export interface BulkCatalogue {
  providers: Array<DemoProvider & { status: 'approved' | 'pending' }>;
  services: Array<DemoService & { status: 'active' | 'inactive' }>;
  reviews: DemoReview[];
}

const SERVICES_PER_PROVIDER = 25;
/** One provider in 20 awaits approval; one service in 25 is switched off. */
const PENDING_EVERY = 20;
const INACTIVE_EVERY = 25;

const SURNAMES: Array<[string, string]> = [
  ['Haddad', 'الحداد'], ['Khoury', 'الخوري'], ['Nassar', 'نصار'], ['Barakat', 'بركات'], ['Saleh', 'صالح'],
  ['Odeh', 'عودة'], ['Hamdan', 'حمدان'], ['Qasem', 'قاسم'], ['Jaber', 'جابر'], ['Rashed', 'راشد'],
  ['Sabbagh', 'الصباغ'], ['Masri', 'المصري'], ['Zoubi', 'الزعبي'], ['Shami', 'الشامي'], ['Najjar', 'النجار'],
  ['Tamimi', 'التميمي'], ['Darwish', 'درويش'], ['Kanaan', 'كنعان'], ['Awad', 'عوض'], ['Hijazi', 'حجازي'],
];

const VARIANTS: Array<[string, string]> = [
  ['Express', 'باقة سريعة'], ['Premium', 'باقة مميزة'], ['Budget', 'باقة اقتصادية'], ['Weekend', 'في عطلة نهاية الأسبوع'],
  ['Family', 'للعائلات'], ['Evening', 'مسائية'], ['Same-Day', 'في اليوم نفسه'], ['Eco', 'صديقة للبيئة'],
];

const PRICE_FACTORS = [0.6, 0.8, 1, 1.2, 1.5, 2, 2.5, 3.5];
const RATINGS = [3.8, 4.2, 4.5, 4.6, 4.7, 4.8, 4.9, 5];
const CITIES = [...new Map(DEMO_PROVIDERS.map((p) => [p.city, p.cityAr])).entries()];

const FIRST_LISTED = Date.UTC(2024, 0, 1);
const HOUR_MS = 3600 * 1000;
const bulkId = (kind: string, n: number) => `00000000-0000-4000-${kind}-${String(n).padStart(12, '0')}`;
/** Review ids after every demo review's. */
const FIRST_REVIEW = 1_000_000;

/** "Haddad Cleaning" / "الحداد للتنظيف": Arabic business names put the trade after "li-". */
const tradeAr = (nameAr: string) => (nameAr.startsWith('ال') ? `لل${nameAr.slice(2)}` : `ل${nameAr}`);

export function bulkCatalogue(serviceCount: number): BulkCatalogue {
  const providerCount = Math.ceil(serviceCount / SERVICES_PER_PROVIDER);
  const providers = Array.from({ length: providerCount }, (_, n) => {
    const category = pick(DEMO_CATEGORIES, n);
    const [surname, surnameAr] = pick(SURNAMES, Math.floor(n / DEMO_CATEGORIES.length));
    const [city, cityAr] = pick(CITIES, n * 7);
    const template = pick(DEMO_PROVIDERS.filter((p) => p.categoryId === category.id), n);
    return {
      ...template,
      id: bulkId('c000', n),
      userId: bulkId('c100', n),
      // Generated owners have no identity account, hence no address to write to.
      email: null,
      businessName: `${surname} ${category.name} ${n}`,
      businessNameAr: `${surnameAr} ${tradeAr(category.nameAr)} ${n}`,
      city,
      cityAr,
      categoryId: category.id,
      verified: n % 3 !== 0,
      completedJobs: (n * 37) % 900,
      status: n % PENDING_EVERY === PENDING_EVERY - 1 ? ('pending' as const) : ('approved' as const),
    };
  });

  const reviews: DemoReview[] = [];
  const services = Array.from({ length: serviceCount }, (_, n) => {
    const owner = pick(providers, n);
    const category = DEMO_CATEGORIES.find((c) => c.id === owner.categoryId) ?? pick(DEMO_CATEGORIES, 0);
    const base = pick(DEMO_SERVICES.filter((s) => s.categoryId === category.id), Math.floor(n / providers.length));
    // Not by n alone: the provider, and with it the category, follows n, and each category should get every variant.
    const [variant, variantAr] = pick(VARIANTS, Math.floor(n / DEMO_CATEGORIES.length));
    const service = {
      ...base,
      id: bulkId('d000', n),
      slug: `${base.slug}-${n}`,
      providerId: owner.id,
      title: `${variant} ${base.title}`,
      titleAr: `${base.titleAr} ${variantAr}`,
      description: `${base.description} Serving ${owner.city}.`,
      descriptionAr: `${base.descriptionAr} نخدم ${owner.cityAr}.`,
      price: Math.max(category.startingPrice, Math.round(base.price * pick(PRICE_FACTORS, n * 5))),
      location: owner.city,
      locationAr: owner.cityAr,
      createdAt: new Date(FIRST_LISTED + ((n * 7919) % 15_000) * HOUR_MS).toISOString(),
      status: n % INACTIVE_EVERY === INACTIVE_EVERY - 1 ? ('inactive' as const) : ('active' as const),
    };
    const written = writeReviews(service, pick(RATINGS, n * 11), n, FIRST_REVIEW + n * 10);
    reviews.push(...written);
    return { ...service, ...ratingOf(written) };
  });
  return { providers, services, reviews };
}
