import { fetchJson } from '@khidma/nest-kit/testing';
import type { ServiceCategoryDto, ServiceListResponse } from '@khidma/contracts';
import { DataSource } from 'typeorm';
import { Provider } from '../src/catalogue/entities/provider.entity.js';
import { ServiceListing } from '../src/catalogue/entities/service-listing.entity.js';
import { seedCatalogue } from '../src/seed/seed-catalogue.js';
import { bookingTestConfig, startBooking } from './support.js';

describe('catalogue API', () => {
  const config = bookingTestConfig();
  let app: Awaited<ReturnType<typeof startBooking>>['app'];
  let url: string;
  let dataSource: DataSource;
  let activeServices: ServiceListing[];

  const services = async (query: string) => {
    const response = await fetchJson(`${url}/api/services${query}`);
    expect(response.status).toBe(200);
    return response.body as ServiceListResponse;
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
    await dataSource.getRepository(ServiceListing).insert([
      { ...template, id: '00000000-0000-4000-8000-00000000f003', slug: 'hidden-pending', providerId: pending.id, status: 'active' },
      { ...template, id: '00000000-0000-4000-8000-00000000f004', slug: 'hidden-inactive', status: 'inactive' },
      // A listing whose provider left rating, duration and location open: display defaults apply.
      {
        ...template,
        id: '00000000-0000-4000-8000-00000000f005',
        slug: 'open-fields',
        status: 'active',
        rating: null,
        durationMinutes: null,
        location: null,
        locationAr: null,
      },
    ]);
    activeServices = await dataSource.getRepository(ServiceListing).findBy({ status: 'active' });
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
      // The two seeded cleaning companies; the pending one is not counted.
      providerCount: 2,
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

  it('lists only active services of approved providers, best rated first, with provider summaries', async () => {
    const listed = await services('?limit=100');
    const publicIds = activeServices.filter((s) => s.slug !== 'hidden-pending').map((s) => s.id);
    expect(listed.total).toBe(publicIds.length);
    expect(listed.services.map((s) => s.id).sort()).toEqual(publicIds.sort());
    expect(listed.services.map((s) => s.slug)).not.toContain('hidden-pending');
    expect(listed.services.map((s) => s.slug)).not.toContain('hidden-inactive');
    const ratings = listed.services.map((s) => s.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));

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
      provider: { name: "Nour's Pet Corner", nameAr: 'ركن نور للحيوانات الأليفة', verified: true, avatar: null },
    });
    expect(new Date(dogWalking.createdAt).toISOString()).toBe(dogWalking.createdAt);
  });

  it('fills the display defaults where a provider left fields open', async () => {
    const listed = await services('?category=cleaning&limit=100');
    expect(listed.services.find((s) => s.slug === 'open-fields')).toMatchObject({
      rating: 4.8,
      duration: 60,
      location: 'Your area',
      locationAr: 'منطقتك',
    });
  });

  it('filters by category slug, English name or Arabic name', async () => {
    const bySlug = await services('?category=petcare');
    expect(bySlug.total).toBe(activeServices.filter((s) => s.categoryId === 10).length);
    expect(bySlug.services.every((s) => s.categorySlug === 'petcare')).toBe(true);
    expect(await services('?category=Pet%20Care')).toEqual(bySlug);
    expect(await services(`?category=${encodeURIComponent('رعاية الحيوانات الأليفة')}`)).toEqual(bySlug);
    expect(await services('?category=unknown')).toEqual({ services: [], total: 0, page: 1, limit: 20 });
  });

  it('pages through the list without overlap', async () => {
    const all = await services('?limit=100');
    const first = await services('?limit=7&page=1');
    const second = await services('?limit=7&page=2');
    expect(first).toMatchObject({ page: 1, limit: 7, total: all.total });
    expect(first.services.map((s) => s.id)).toEqual(all.services.slice(0, 7).map((s) => s.id));
    expect(second.services.map((s) => s.id)).toEqual(all.services.slice(7, 14).map((s) => s.id));
    const beyond = await services(`?limit=7&page=${Math.ceil(all.total / 7) + 1}`);
    expect(beyond.services).toEqual([]);
  });

  it('rejects bad paging with field codes', async () => {
    const response = await fetchJson(`${url}/api/services?limit=101&page=0`);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'validation_failed', fields: { limit: 'max', page: 'min' } });
    const unknown = await fetchJson(`${url}/api/services?page=1.5&admin=1`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields).toEqual({ page: 'isInt', admin: 'whitelistValidation' });
  });
});
