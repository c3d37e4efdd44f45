import { fetchJson, usingMysql } from '@khidma/nest-kit/testing';
import type { ServiceCategoryDto, ServiceListResponse, ServiceSummaryDto } from '@khidma/contracts';
import { DEMO_PROVIDERS, DEMO_REVIEWS, DEMO_SERVICES } from '@khidma/demo-data';
import { DataSource } from 'typeorm';
import { Provider } from '../src/catalogue/entities/provider.entity.js';
import { ServiceListing } from '../src/catalogue/entities/service-listing.entity.js';
import { syncProviderApproval } from '../src/catalogue/provider-approval.js';
import { reindexServices } from '../src/catalogue/search/search-index.js';
import { seedCatalogue } from '../src/seed/seed-catalogue.js';
import { bookingTestConfig, bookingWithCatalogue, startBooking } from './support.js';

/** The mean stars (two decimals) of the demo reviews of every service of `providerId`. */
function meanStarsOfProvider(providerId: string): number {
  const services = new Set(DEMO_SERVICES.filter((service) => service.providerId === providerId).map((service) => service.id));
  const stars = DEMO_REVIEWS.filter((review) => services.has(review.serviceId)).map((review) => review.rating);
  return Math.round((stars.reduce((sum, n) => sum + n, 0) / stars.length) * 100) / 100;
}

const ids = (list: ServiceListResponse) => list.services.map((s) => s.id);
const slugs = (list: ServiceListResponse) => list.services.map((s) => s.slug);

describe('catalogue API: GET /api/service-categories and /api/services', () => {
  const config = bookingTestConfig();
  let app: Awaited<ReturnType<typeof startBooking>>['app'];
  let url: string;
  let dataSource: DataSource;
  /** Every service the public may see, as stored. */
  let visible: ServiceListing[];

  const services = async (query: string) => {
    const response = await fetchJson(`${url}/api/services${query}`);
    expect(response.status).toBe(200);
    return response.body as ServiceListResponse;
  };
  /** Every match, page after page of the largest page size, as one answer. */
  const all = async (query = ''): Promise<ServiceListResponse> => {
    const first = await services(`?limit=100${query ? `&${query}` : ''}`);
    const found = [...first.services];
    for (let page = 2; found.length < first.total; page++) {
      const next = await services(`?limit=100&page=${page}${query ? `&${query}` : ''}`);
      expect(next.total).toBe(first.total);
      found.push(...next.services);
    }
    return { ...first, services: found };
  };
  const badRequest = async (query: string) => {
    const response = await fetchJson(`${url}/api/services${query}`);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ statusCode: 400, code: 'validation_failed' });
    return response.body as { fields: Record<string, string>; message: string };
  };

  beforeAll(async () => {
    ({ app, url } = await startBooking(config));
    dataSource = app.get(DataSource);
    await seedCatalogue(dataSource);
    const cleaning = 1;
    const seededProvider = await dataSource.getRepository(Provider).findOneByOrFail({ categoryId: cleaning });
    const template = await dataSource.getRepository(ServiceListing).findOneByOrFail({ providerId: seededProvider.id });
    // What must never show: a pending provider's active service, an approved provider's inactive one.
    const pending = await dataSource.getRepository(Provider).save({
      ...seededProvider,
      id: '00000000-0000-4000-8000-00000000f001',
      userId: '00000000-0000-4000-8000-00000000f002',
      businessName: 'Pending Sparkle',
      status: 'pending',
    });
    const extra = [
      { ...template, id: '00000000-0000-4000-8000-00000000f003', slug: 'hidden-pending', providerId: pending.id, status: 'active' as const },
      { ...template, id: '00000000-0000-4000-8000-00000000f004', slug: 'hidden-inactive', title: 'Hidden Zebra Polish', status: 'inactive' as const },
      // A listing whose provider left rating, duration and location open: display defaults apply.
      {
        ...template,
        id: '00000000-0000-4000-8000-00000000f005',
        slug: 'open-fields',
        status: 'active' as const,
        rating: null,
        reviewCount: 0,
        durationMinutes: null,
        location: null,
        locationAr: null,
      },
      // Exactly on the edge between two price buckets.
      { ...template, id: '00000000-0000-4000-8000-00000000f006', slug: 'edge-100', price: 100, status: 'active' as const },
    ];
    await dataSource.getRepository(ServiceListing).insert(extra);
    await syncProviderApproval(dataSource.manager, [pending.id]);
    await reindexServices(dataSource.manager, extra.map((s) => s.id));
    visible = (await dataSource.getRepository(ServiceListing).findBy({ status: 'active' })).filter((s) => s.providerId !== pending.id);
  });
  afterAll(async () => {
    await app.close();
    await config.cleanup();
  });

  it('lists the 12 categories with approved providers counted, an ETag and a public cache', async () => {
    const response = await fetch(`${url}/api/service-categories`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const categories = (await response.json()) as ServiceCategoryDto[];
    expect(categories).toHaveLength(12);
    expect(categories[0]).toEqual({
      id: 1,
      slug: 'cleaning',
      name: 'Cleaning',
      nameAr: 'التنظيف',
      description: expect.any(String),
      descriptionAr: expect.stringMatching(/[\u0621-\u064A]/),
      icon: 'sparkles',
      color: expect.stringMatching(/^#[0-9A-F]{6}$/),
      startingPrice: 25,
      // The approved ones of the demo data; the pending provider added above is not counted.
      providerCount: DEMO_PROVIDERS.filter((p) => p.categoryId === 1).length,
    });
    expect(categories.map((c) => c.slug)).toEqual([
      'cleaning', 'plumbing', 'electrical', 'delivery', 'maintenance', 'painting',
      'gardening', 'tutoring', 'automotive', 'petcare', 'fitness', 'tech',
    ]);
    expect(categories.every((c) => c.providerCount >= 1)).toBe(true);

    const etag = response.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const revalidated = await fetch(`${url}/api/service-categories`, { headers: { 'if-none-match': etag } });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe('');
    expect(revalidated.headers.get('etag')).toBe(etag);
    const weak = await fetch(`${url}/api/service-categories`, { headers: { 'if-none-match': `"other", W/${etag}` } });
    expect(weak.status).toBe(304);
    const stale = await fetch(`${url}/api/service-categories`, { headers: { 'if-none-match': '"stale"' } });
    expect(stale.status).toBe(200);
  });

  it('lists only active services of approved providers, best rated first and unrated last, with provider summaries', async () => {
    const listed = await all();
    expect(listed).toMatchObject({ page: 1, limit: 100, total: visible.length });
    expect(ids(listed).sort()).toEqual(visible.map((s) => s.id).sort());
    expect(slugs(listed)).not.toContain('hidden-pending');
    expect(slugs(listed)).not.toContain('hidden-inactive');
    // Best rated first; equal ratings newest first; the unrated service (shown as 4.8) comes last.
    const stored = listed.services.map((s) => visible.find((v) => v.id === s.id)!);
    expect(stored.at(-1)!.slug).toBe('open-fields');
    const rated = stored.slice(0, -1);
    for (let i = 1; i < rated.length; i++) {
      const [before, after] = [rated[i - 1]!, rated[i]!];
      expect(before.rating!).toBeGreaterThanOrEqual(after.rating!);
      if (before.rating === after.rating) expect(before.createdAt.getTime()).toBeGreaterThanOrEqual(after.createdAt.getTime());
    }

    const dogWalking = listed.services.find((s) => s.slug === 'dog-walking')!;
    expect(dogWalking).toMatchObject({
      categorySlug: 'petcare',
      categoryId: 10,
      title: 'Dog Walking',
      titleAr: 'تمشية الكلاب',
      price: 20,
      priceType: 'per_job',
      duration: 45,
      location: 'Amman',
      locationAr: 'عمّان',
      rating: 5,
      reviewCount: expect.any(Number),
      // The cover of its seeded gallery.
      imageUrl: expect.stringMatching(new RegExp(`^/api/services/${dogWalking.id}/photos/[0-9a-f-]{36}$`)),
      // The provider's rating is the mean of the reviews of all its services (review-aggregates), not a typed-in figure.
      provider: { name: "Nour's Pet Corner", nameAr: 'ركن نور للحيوانات الأليفة', verified: true, avatar: null, rating: meanStarsOfProvider(DEMO_SERVICES.find((demo) => demo.slug === 'dog-walking')!.providerId) },
    });
    expect(new Date(dogWalking.createdAt).toISOString()).toBe(dogWalking.createdAt);
    // The default limit is 20.
    expect((await services('')).services).toHaveLength(20);
  });

  it('fills the display defaults where a provider left fields open', async () => {
    const listed = await all('category=cleaning');
    expect(listed.services.find((s) => s.slug === 'open-fields')).toMatchObject({
      rating: 4.8,
      reviewCount: 0,
      duration: 60,
      location: 'Your area',
      locationAr: 'منطقتك',
    });
  });

  it('answers a public service by id or by slug alike, and 404 for a hidden one either way', async () => {
    const dogWalking = (await all('category=petcare')).services.find((s) => s.slug === 'dog-walking')!;
    const byId = await fetchJson(`${url}/api/services/${dogWalking.id}`);
    expect(byId.status).toBe(200);
    expect(byId.body).toMatchObject({ id: dogWalking.id, slug: 'dog-walking', title: 'Dog Walking' });
    expect((await fetchJson(`${url}/api/services/dog-walking`)).body).toEqual(byId.body);
    for (const key of ['hidden-inactive', '00000000-0000-4000-8000-00000000f004', 'no-such-service']) {
      expect([key, (await fetchJson(`${url}/api/services/${key}`)).status]).toEqual([key, 404]);
    }
  });

  it('filters by category slug, English name or Arabic name, in any case or Arabic letter variant', async () => {
    const bySlug = await services('?category=petcare');
    expect(bySlug.total).toBe(visible.filter((s) => s.categoryId === 10).length);
    expect(bySlug.services.every((s) => s.categorySlug === 'petcare' && s.categoryId === 10)).toBe(true);
    for (const name of ['PetCare', 'Pet Care', 'pet care', 'رعاية الحيوانات الأليفة', 'رعايه الحيوانات الاليفه', ' petcare ']) {
      expect(await services(`?category=${encodeURIComponent(name)}`)).toEqual(bySlug);
    }
    expect(await services('?category=unknown')).toEqual({ services: [], total: 0, totalCapped: false, page: 1, limit: 20 });
  });

  it('filters by price bucket: [0, 25], (25, 50], (50, 100], above 100', async () => {
    const bounds = { '0-25': [-1, 25], '25-50': [25, 50], '50-100': [50, 100], '100+': [100, Infinity] } as const;
    const seen: string[] = [];
    for (const [range, [above, atMost]] of Object.entries(bounds)) {
      const listed = await all(`priceRange=${encodeURIComponent(range)}`);
      const expected = visible.filter((s) => s.price > above && s.price <= atMost);
      expect(listed.total).toBe(expected.length);
      expect(ids(listed).sort()).toEqual(expected.map((s) => s.id).sort());
      expect(listed.total).toBeGreaterThan(0);
      seen.push(...ids(listed));
    }
    // The buckets split the catalogue: each service in exactly one.
    expect(seen.sort()).toEqual(visible.map((s) => s.id).sort());
    // The edges belong to the lower bucket.
    expect(slugs(await all('priceRange=0-25'))).toContain('standard-home-cleaning'); // $25
    expect(slugs(await all('priceRange=25-50'))).toContain('smart-home-setup'); // $50
    expect(slugs(await all('priceRange=50-100'))).toContain('edge-100'); // $100
    expect(slugs(await all('priceRange=100%2B'))).not.toContain('edge-100');
  });

  it('sorts by price (both ways), newest and rating, paging stably among equal keys', async () => {
    const byPriceLow = (await all('sortBy=price-low')).services;
    expect(byPriceLow).toHaveLength(visible.length);
    const expectOrder = (list: ServiceSummaryDto[], compare: (a: ServiceSummaryDto, b: ServiceSummaryDto) => number) => {
      for (let i = 1; i < list.length; i++) expect(compare(list[i - 1]!, list[i]!)).toBeLessThanOrEqual(0);
    };
    expectOrder(byPriceLow, (a, b) => a.price - b.price || (a.id < b.id ? -1 : 1));
    expectOrder((await all('sortBy=price-high')).services, (a, b) => b.price - a.price || (a.id > b.id ? -1 : 1));
    expectOrder((await all('sortBy=newest')).services, (a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || (a.id > b.id ? -1 : 1));
    expect(ids(await all('sortBy=rating'))).toEqual(ids(await all()));
    // Pages of a sort with many equal prices concatenate to the whole list.
    const pages = [];
    for (let page = 1; page <= Math.ceil(visible.length / 9); page++) pages.push(...ids(await services(`?sortBy=price-low&limit=9&page=${page}`)));
    expect(pages).toEqual(byPriceLow.map((s) => s.id));
  });

  it('combines category, price bucket, sort and search', async () => {
    const listed = await all('category=cleaning&priceRange=50-100&sortBy=price-high');
    const expected = visible.filter((s) => s.categoryId === 1 && s.price > 50 && s.price <= 100);
    expect(listed.total).toBe(expected.length);
    expect(listed.services.map((s) => s.price)).toEqual(expected.map((s) => s.price).sort((a, b) => b - a));

    const searched = await all(`search=cleaning&category=${encodeURIComponent('التنظيف')}&priceRange=0-25`);
    // The $25 listing and its unrated copy: equally relevant, so the rated one first; then the $25
    // housekeeping, found only through its category's name.
    expect(slugs(searched)).toEqual(['standard-home-cleaning', 'open-fields', 'regular-housekeeping-khatib']);
    expect((await all('search=dog&category=plumbing')).total).toBe(0);
  });

  it('pages through the list without overlap and answers an empty page beyond the end', async () => {
    const whole = await all();
    const first = await services('?limit=7&page=1');
    const second = await services('?limit=7&page=2');
    expect(first).toMatchObject({ page: 1, limit: 7, total: whole.total });
    expect(ids(first)).toEqual(ids(whole).slice(0, 7));
    expect(ids(second)).toEqual(ids(whole).slice(7, 14));
    const last = Math.ceil(whole.total / 7);
    expect((await services(`?limit=7&page=${last}`)).services).toHaveLength(whole.total - (last - 1) * 7);
    const beyond = await services(`?limit=7&page=${last + 1}`);
    expect(beyond).toEqual({ services: [], total: whole.total, totalCapped: false, page: last + 1, limit: 7 });
  });

  it('loads more after the last card by its sort key: the same list as the pages, no duplicate, no gap, ties in a fixed order', async () => {
    for (const query of ['', 'sortBy=price-low', 'sortBy=price-high', 'sortBy=newest', 'category=cleaning&sortBy=price-low', 'priceRange=25-50']) {
      const expected = ids(await all(query));
      const walked: string[] = [];
      let next = await services(`?limit=7${query ? `&${query}` : ''}`);
      walked.push(...ids(next));
      while (next.nextCursor) {
        next = await services(`?limit=7&after=${next.nextCursor}${query ? `&${query}` : ''}`);
        walked.push(...ids(next));
      }
      expect([query, walked]).toEqual([query, expected]);
    }
    // Equal keys exist in these lists, so the id really breaks ties across cursor boundaries.
    const prices = visible.map((s) => s.price);
    expect(new Set(prices).size).toBeLessThan(prices.length);
  });

  it('refuses a cursor that is not one of this list', async () => {
    const first = await services('?limit=5&sortBy=newest');
    const cursor = first.nextCursor!;
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    for (const query of [
      `?after=${cursor}&sortBy=price-low`,
      `?after=${cursor}&sortBy=newest&search=cleaning`,
      `?after=${cursor}&sortBy=newest&page=2`,
      '?after=bm90LWpzb24',
      `?after=${Buffer.from(JSON.stringify(['newest', 'yesterday', 'x'])).toString('base64url')}&sortBy=newest`,
    ]) {
      expect([query, (await badRequest(query)).fields]).toEqual([query, { after: 'cursor' }]);
    }
    expect((await badRequest('?after=not%20a%20cursor')).fields).toEqual({ after: 'matches' });
  });

  describe('search', () => {
    it('finds services by English words in any case, every word required', async () => {
      const dog = await all('search=dog');
      expect(slugs(dog).sort()).toEqual([
        'dog-grooming-hamdan', 'dog-grooming-qudah', 'dog-walk-hamdan', 'dog-walk-shami', 'dog-walking', 'pet-grooming-at-home', 'puppy-training-qudah',
      ]);
      // "Dog" in the title first, best rated first; the one with "dog" only in its description last.
      expect(slugs(dog).slice(0, 2).sort()).toEqual(['dog-grooming-qudah', 'dog-walking']);
      expect(slugs(dog).at(-1)).toBe('pet-grooming-at-home');
      expect(await all('search=DOG')).toEqual(dog);
      // "lead walking" in its description is how the behaviour coaching has both words.
      expect(slugs(await all(`search=${encodeURIComponent('dog walk')}`))).toEqual(['dog-walking', 'dog-walk-hamdan', 'dog-walk-shami', 'puppy-training-qudah']);
      expect((await all(`search=${encodeURIComponent('dog plumber')}`)).total).toBe(0);
      // Prefixes of words match; punctuation and stop words do not count.
      expect(slugs(await all(`search=${encodeURIComponent('the Walk!')}`))).toContain('dog-walking');
    });

    it('ranks title matches before category or provider matches before description matches', async () => {
      const listed = await all('search=cleaning');
      const tier = (s: ServiceSummaryDto) => {
        const service = visible.find((v) => v.id === s.id)!;
        // A word matches when it starts with the searched one: "Clean-Up" is no match for "cleaning".
        if (/\bcleaning/i.test(service.title)) return 3;
        if (service.categoryId === 1 || /\bcleaning/i.test(s.provider.name)) return 2;
        return /\bcleaning/i.test(service.description) ? 1 : 0;
      };
      const tiers = listed.services.map(tier);
      expect(tiers).toEqual([...tiers].sort((a, b) => b - a));
      expect(new Set(tiers)).toEqual(new Set([3, 2, 1]));
      expect(slugs(listed)).toEqual(expect.arrayContaining(['ac-maintenance', 'sofa-carpet-shampoo', 'standard-home-cleaning']));
      // Pages of a search count the same matches, even beyond the last one.
      expect(await services('?search=cleaning&limit=5&page=100')).toEqual({ services: [], total: listed.total, totalCapped: false, page: 100, limit: 5 });
      expect(ids(await services('?search=cleaning&limit=5&page=2'))).toEqual(ids(listed).slice(5, 10));
      // Within a tier the chosen order applies; an explicit price order wins over relevance.
      const byPrice = (await all('search=cleaning&sortBy=price-low')).services.map((s) => s.price);
      expect(byPrice).toEqual([...byPrice].sort((a, b) => a - b));
    });

    it('finds services by provider name and category name', async () => {
      const sparkle = await all('search=sparkle');
      const farsi = visible.filter((s) => s.providerId === '00000000-0000-4000-9000-000000000201');
      expect(ids(sparkle).sort()).toEqual(farsi.map((s) => s.id).sort());
      expect((await all('search=Tutoring')).total).toBe(visible.filter((s) => s.categoryId === 8).length);
    });

    it('finds Arabic words whatever their letter variants, diacritics, tatweel or article', async () => {
      const dogWalking = await all(`search=${encodeURIComponent('تمشية الكلاب')}`);
      const walks = ['dog-walking', 'dog-walk-hamdan', 'dog-walk-shami'];
      expect(slugs(dogWalking)).toEqual(walks);
      for (const variant of ['تمشيه الكلاب', 'تَمْشِيَة الكِلاب', 'تمشـــية كلاب', 'كلاب تمشيه']) {
        expect(slugs(await all(`search=${encodeURIComponent(variant)}`))).toEqual(walks);
      }
      // أ/إ/آ are one letter to the search, and ى is ي.
      const pets = await all(`search=${encodeURIComponent('الأليفة')}`);
      expect(await all(`search=${encodeURIComponent('اليفه')}`)).toEqual(pets);
      expect(await all(`search=${encodeURIComponent('إليفة')}`)).toEqual(pets);
      expect(pets.total).toBeGreaterThan(0);
    });

    it('ranks Arabic title matches before category matches', async () => {
      const listed = await all(`search=${encodeURIComponent('تنظيف')}`);
      const titled = visible.filter((s) => s.titleAr.includes('تنظيف')).map((s) => s.id);
      const count = titled.length;
      expect(count).toBeGreaterThan(3);
      expect(ids(listed).slice(0, count).sort()).toEqual(titled.sort());
      // The rest came through the category name "التنظيف" (or a description).
      expect(listed.total).toBeGreaterThan(count);
    });

    it('never reveals hidden services and treats a blank search as none', async () => {
      expect((await all('search=Pending')).total).toBe(0);
      expect((await all('search=zebra')).total).toBe(0);
      expect(await all('search=%20%20')).toEqual(await all());
      expect(await all('search=the')).toEqual(await all());
    });
  });

  it('rejects each bad parameter with 400 naming it, and unknown parameters', async () => {
    const cases: Array<[string, Record<string, string>]> = [
      ['?limit=101&page=0', { limit: 'max', page: 'min' }],
      ['?limit=0', { limit: 'min' }],
      ['?limit=ten', { limit: 'isInt' }],
      ['?page=1.5', { page: 'isInt' }],
      ['?page=first', { page: 'isInt' }],
      ['?priceRange=10-20', { priceRange: 'isIn' }],
      ['?sortBy=cheapest', { sortBy: 'isIn' }],
      ['?category=a&category=b', { category: 'isString' }],
      [`?search=${'x'.repeat(101)}`, { search: 'maxLength' }],
      ['?admin=1', { admin: 'whitelistValidation' }],
    ];
    for (const [query, fields] of cases) {
      const body = await badRequest(query);
      expect(body.fields).toEqual(fields);
      for (const field of Object.keys(fields)) expect(body.message).toContain(field);
    }
  });
});

describe('catalogue API: a list counts up to CATALOGUE_MAX_COUNTED', () => {
  const cap = 25;
  const booking = bookingWithCatalogue(bookingTestConfig({ CATALOGUE_MAX_COUNTED: cap }));
  const services = async (query: string) => {
    const response = await fetchJson(`${booking.url}/api/services${query}`);
    expect(response.status).toBe(200);
    return response.body as ServiceListResponse;
  };

  it('stops counting at the cap, says so, and serves only pages that start within it', async () => {
    const first = await services('?limit=20');
    expect(first).toMatchObject({ total: cap, totalCapped: true });
    // The second page starts within the window and is whole; the third starts past it and is not read.
    const second = await services('?limit=20&page=2');
    expect(second.services).toHaveLength(20);
    expect(ids(second)).not.toEqual(expect.arrayContaining(ids(first)));
    expect(await services('?limit=20&page=3')).toEqual({ services: [], total: cap, totalCapped: true, page: 3, limit: 20 });
  });

  it('loads more past the counted window with a cursor', async () => {
    const seen = new Set<string>();
    let next = await services('?limit=20&sortBy=price-high');
    for (const id of ids(next)) seen.add(id);
    while (next.nextCursor) {
      next = await services(`?limit=20&sortBy=price-high&after=${next.nextCursor}`);
      expect(next).toMatchObject({ total: cap, totalCapped: true });
      for (const id of ids(next)) seen.add(id);
    }
    const everyPublic = await booking.dataSource.getRepository(ServiceListing).countBy({ status: 'active', providerApproved: true });
    expect(seen.size).toBe(everyPublic);
  });

  it('counts exactly below the cap, and caps searches the same way', async () => {
    const plumbing = await services('?category=plumbing&limit=100');
    expect(plumbing.services.length).toBeGreaterThan(0);
    expect(plumbing.services.length).toBeLessThan(cap);
    expect(plumbing).toMatchObject({ total: plumbing.services.length, totalCapped: false });
    // A search reads its best rows first and stops counting at the cap too (catalogue-search.spec.ts).
    const cleaning = await services('?search=cleaning&limit=1');
    expect(cleaning).toMatchObject({ total: cap, totalCapped: true });
  });
});

describe('catalogue API: list counts kept by the database on every write', () => {
  const config = bookingTestConfig({ CATALOGUE_CACHE_MS: 0, CATALOGUE_MAX_COUNTED: 100_000 });
  const booking = bookingWithCatalogue(config);
  const PRICE_RANGES = ['0-25', '25-50', '50-100', '100+'] as const;
  /** The price filter's buckets, written out: the reference the stored counts are compared with. */
  const inRange = (price: number, range: (typeof PRICE_RANGES)[number] | undefined) =>
    range === undefined ||
    (range === '0-25' ? price <= 25 : range === '25-50' ? price > 25 && price <= 50 : range === '50-100' ? price > 50 && price <= 100 : price > 100);

  /** Every list's total (each category and none, each price bucket and none) against the services themselves. */
  const expectCountsOfEveryList = async () => {
    const listed = await booking.dataSource.getRepository(ServiceListing).findBy({ status: 'active', providerApproved: true });
    const response = await fetchJson(`${booking.url}/api/service-categories`);
    const categories = response.body as ServiceCategoryDto[];
    for (const category of [undefined, ...categories]) {
      for (const range of [undefined, ...PRICE_RANGES]) {
        const query = new URLSearchParams({ limit: '1', ...(category ? { category: category.slug } : {}), ...(range ? { priceRange: range } : {}) });
        const answer = await fetchJson(`${booking.url}/api/services?${query}`);
        const expected = listed.filter((s) => (!category || s.categoryId === category.id) && inRange(Number(s.price), range)).length;
        expect({ category: category?.slug, range, total: (answer.body as ServiceListResponse).total }).toEqual({ category: category?.slug, range, total: expected });
      }
    }
  };

  it('counts a service in, across a price edge or category, out on hiding or its provider leaving, and on deletion', async () => {
    const repository = booking.dataSource.getRepository(ServiceListing);
    await expectCountsOfEveryList();
    const template = await repository.findOneByOrFail({ status: 'active', providerApproved: true });
    const id = '00000000-0000-4000-8000-00000000c001';
    await repository.insert({ ...template, id, slug: 'counted-one', price: 25 });
    await expectCountsOfEveryList();
    await repository.update(id, { price: 25.01 });
    await repository.update(id, { price: 100.01, categoryId: template.categoryId === 1 ? 2 : 1 });
    await expectCountsOfEveryList();
    await repository.update(id, { status: 'inactive' });
    await expectCountsOfEveryList();
    await repository.update(id, { status: 'active' });
    await booking.dataSource.getRepository(Provider).update(template.providerId, { status: 'pending' });
    await syncProviderApproval(booking.dataSource.manager, [template.providerId]);
    await expectCountsOfEveryList();
    await booking.dataSource.getRepository(Provider).update(template.providerId, { status: 'approved' });
    await syncProviderApproval(booking.dataSource.manager, [template.providerId]);
    await repository.delete(id);
    await expectCountsOfEveryList();
  });

  // SQLite has one writer at a time whatever the triggers do: there is no row lock to wait for.
  if (usingMysql()) {
    it('lets a write that moves no service (a new rating) leave the counters alone: others do not wait for it', async () => {
      const repository = booking.dataSource.getRepository(ServiceListing);
      const rated = await repository.findOneByOrFail({ status: 'active', providerApproved: true });
      const { createConnection } = await import('mysql2/promise');
      const reviewer = await createConnection(config.DATABASE_URL!);
      try {
        // A review's transaction, still open: it changed the service's rating, not its cell.
        await reviewer.query('START TRANSACTION');
        await reviewer.query('UPDATE services SET rating = 4.5, reviewCount = reviewCount + 1 WHERE id = ?', [rated.id]);
        // Another service entering the same cell commits at once instead of waiting for the counter's lock.
        const runner = booking.dataSource.createQueryRunner();
        try {
          await runner.query('SET SESSION innodb_lock_wait_timeout = 1');
          await runner.manager.getRepository(ServiceListing).insert({ ...rated, id: '00000000-0000-4000-8000-00000000c002', slug: 'same-cell' });
          await runner.manager.getRepository(ServiceListing).delete('00000000-0000-4000-8000-00000000c002');
        } finally {
          await runner.release();
        }
      } finally {
        await reviewer.query('ROLLBACK');
        await reviewer.end();
      }
      await expectCountsOfEveryList();
    });
  }

  it('stays exact under concurrent writes to the same counter, and a rolled back write leaves it as it was', async () => {
    const repository = booking.dataSource.getRepository(ServiceListing);
    const template = await repository.findOneByOrFail({ status: 'active', providerApproved: true });
    const ids = Array.from({ length: 24 }, (_, i) => `00000000-0000-4000-8000-0000000c1${String(i).padStart(3, '0')}`);
    await Promise.all(ids.map((id, i) => repository.insert({ ...template, id, slug: `concurrent-${i}`, price: 40 })));
    await expectCountsOfEveryList();
    await expect(
      booking.dataSource.transaction(async (manager) => {
        await manager.getRepository(ServiceListing).update(ids, { status: 'inactive' });
        throw new Error('the write fails after the services changed');
      }),
    ).rejects.toThrow('the write fails');
    await Promise.all(ids.map((id) => repository.update(id, { price: 60 })));
    await expectCountsOfEveryList();
    await repository.delete(ids);
    await expectCountsOfEveryList();
  });
});
