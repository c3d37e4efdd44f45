import { fetchJson } from '@khidma/nest-kit/testing';
import type { ServiceDetailDto } from '@khidma/contracts';
import { readFile } from 'node:fs/promises';
import { DEMO_REVIEWS, DEMO_SERVICE_PHOTOS, demoPhotoPath } from '@khidma/demo-data';
import { DataSource } from 'typeorm';
import { Provider } from '../src/catalogue/entities/provider.entity.js';
import { ServiceListing } from '../src/catalogue/entities/service-listing.entity.js';
import { syncProviderApproval } from '../src/catalogue/provider-approval.js';
import { ServicePhoto } from '../src/catalogue/entities/service-photo.entity.js';
import { seedCatalogue } from '../src/seed/seed-catalogue.js';
import { bookingTestConfig, startBooking } from './support.js';

const ARABIC = /[\u0621-\u064A]/;

describe('catalogue API: GET /api/services/{id or slug}', () => {
  const config = bookingTestConfig();
  let app: Awaited<ReturnType<typeof startBooking>>['app'];
  let url: string;
  let dataSource: DataSource;
  let dogWalking: ServiceListing;

  const detail = async (key: string) => {
    const response = await fetchJson(`${url}/api/services/${encodeURIComponent(key)}`);
    expect(response.status).toBe(200);
    return response.body as ServiceDetailDto;
  };
  const notFound = async (key: string) => {
    const response = await fetchJson(`${url}/api/services/${encodeURIComponent(key)}`);
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ statusCode: 404, code: 'not_found', message: expect.stringContaining(key) });
  };

  beforeAll(async () => {
    ({ app, url } = await startBooking(config));
    dataSource = app.get(DataSource);
    await seedCatalogue(dataSource);
    dogWalking = await dataSource.getRepository(ServiceListing).findOneByOrFail({ slug: 'dog-walking' });
    const services = dataSource.getRepository(ServiceListing);
    const owner = await dataSource.getRepository(Provider).findOneByOrFail({ id: dogWalking.providerId });
    const pending = await dataSource.getRepository(Provider).save({
      ...owner,
      id: '00000000-0000-4000-8000-00000000e001',
      userId: '00000000-0000-4000-8000-00000000e002',
      status: 'pending',
    });
    await services.insert([
      // Top rated in pet care, yet never a similar service: one is switched off, one's provider is pending.
      { ...dogWalking, id: '00000000-0000-4000-8000-00000000e003', slug: 'cat-sitting-off', status: 'inactive', rating: 5 },
      { ...dogWalking, id: '00000000-0000-4000-8000-00000000e004', slug: 'cat-sitting-pending', providerId: pending.id, rating: 5 },
      { ...dogWalking, id: '00000000-0000-4000-8000-00000000e005', slug: 'new-for-review', status: 'pending' },
    ]);
    await syncProviderApproval(dataSource.manager, [pending.id]);
    // A provider who left response time open.
    await dataSource.getRepository(Provider).update(owner.id, { responseTimeMinutes: null });
  });
  afterAll(async () => {
    await app.close();
    await config.cleanup();
  });

  it('answers by slug and by id with both languages, the category and the provider profile', async () => {
    const bySlug = await detail('dog-walking');
    expect(await detail(dogWalking.id)).toEqual(bySlug);
    expect(bySlug).toMatchObject({
      id: dogWalking.id,
      slug: 'dog-walking',
      title: 'Dog Walking',
      titleAr: 'تمشية الكلاب',
      description: dogWalking.description,
      descriptionAr: dogWalking.descriptionAr,
      features: dogWalking.features,
      featuresAr: dogWalking.featuresAr,
      images: expect.arrayContaining([dogWalking.imageUrl]),
      price: 20,
      priceType: 'per_job',
      duration: 45,
      location: 'Amman',
      locationAr: 'عمّان',
      rating: dogWalking.rating,
      reviewCount: dogWalking.reviewCount,
      categoryId: 10,
      categorySlug: 'petcare',
      category: { id: 10, slug: 'petcare', name: 'Pet Care', nameAr: 'رعاية الحيوانات الأليفة', icon: 'paw-print', color: expect.stringMatching(/^#/) },
      provider: {
        id: dogWalking.providerId,
        name: "Nour's Pet Corner",
        nameAr: 'ركن نور للحيوانات الأليفة',
        avatar: null,
        verified: true,
        completedJobs: expect.any(Number),
        bio: expect.any(String),
        bioAr: expect.stringMatching(ARABIC),
        city: 'Amman',
        cityAr: 'عمّان',
        // Left open by the provider: shown as within the hour.
        responseTimeMinutes: 60,
        // The seeded business line, for the Call link.
        phone: expect.stringMatching(/^\+962 79 555 \d{4}$/),
        languages: expect.arrayContaining(['Arabic']),
        joinedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      },
    });
    expect(bySlug.featuresAr.every((feature) => ARABIC.test(feature))).toBe(true);
    const week = bySlug.provider.weeklyAvailability;
    expect(Object.keys(week)).toEqual(['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday']);
    expect(Object.values(week).every((day) => day === null || /^\d\d:\d\d$/.test(day[0]) && /^\d\d:\d\d$/.test(day[1]))).toBe(true);
  });

  it('lists its reviews newest first, in the language each was written in, agreeing with the rating', async () => {
    const service = await detail('dog-walking');
    const seeded = DEMO_REVIEWS.filter((r) => r.serviceId === dogWalking.id);
    expect(service.reviews).toHaveLength(seeded.length);
    expect(service.reviewCount).toBe(seeded.length);
    expect(service.rating).toBeCloseTo(seeded.reduce((sum, r) => sum + r.rating, 0) / seeded.length, 2);
    const times = service.reviews.map((r) => Date.parse(r.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (const review of service.reviews) {
      expect(review).toEqual({
        id: expect.any(String),
        rating: expect.any(Number),
        comment: expect.any(String),
        language: expect.stringMatching(/^(en|ar)$/),
        authorName: expect.any(String),
        createdAt: expect.stringMatching(/Z$/),
        updatedAt: expect.stringMatching(/Z$/),
        reply: null,
      });
      expect(ARABIC.test(review.comment)).toBe(review.language === 'ar');
    }
    expect(new Set(service.reviews.map((r) => r.language))).toEqual(new Set(['en', 'ar']));
  });

  it('shows at most 20 reviews, the newest', async () => {
    const reviews = Array.from({ length: 25 }, (_, i) => ({
      id: `00000000-0000-4000-8000-0000000e1${String(i).padStart(3, '0')}`,
      serviceId: dogWalking.id,
      authorName: 'Test Author',
      rating: 5,
      comment: `Review number ${i}`,
      language: 'en' as const,
      createdAt: new Date(Date.UTC(2030, 0, 1 + i)),
    }));
    await dataSource.createQueryBuilder().insert().into('reviews').values(reviews).execute();
    const service = await detail('dog-walking');
    expect(service.reviews).toHaveLength(20);
    expect(service.reviews.map((r) => r.comment)).toEqual(reviews.slice(5).reverse().map((r) => r.comment));
    await dataSource.createQueryBuilder().delete().from('reviews').where('authorName = :author', { author: 'Test Author' }).execute();
  });

  it('suggests up to 4 similar services: same category, public, not itself, best rated first', async () => {
    const { similar } = await detail('dog-walking');
    const petcare = await dataSource.getRepository(ServiceListing).findBy({ categoryId: 10, status: 'active' });
    const candidates = petcare
      .filter((s) => s.id !== dogWalking.id && s.slug !== 'cat-sitting-pending')
      .sort((a, b) => b.rating! - a.rating! || b.createdAt.getTime() - a.createdAt.getTime());
    expect(similar).toHaveLength(Math.min(4, candidates.length));
    expect(similar.map((s) => s.id)).toEqual(candidates.slice(0, 4).map((s) => s.id));
    for (const service of similar) expect(service).toMatchObject({ categoryId: 10, categorySlug: 'petcare', provider: { id: expect.any(String) } });
    expect(similar.map((s) => s.slug)).not.toEqual(expect.arrayContaining(['cat-sitting-off']));
  });

  it('answers 404 for unknown, inactive, pending and unapproved-provider services', async () => {
    await notFound('no-such-service');
    await notFound('00000000-0000-4000-8000-00000000dead');
    await notFound('cat-sitting-off');
    await notFound('cat-sitting-pending');
    await notFound('new-for-review');
    await notFound('00000000-0000-4000-8000-00000000e004');
  });
  describe('its photos: GET /api/services/{serviceId}/photos/{photoId}', () => {
    const photoPath = /^\/api\/services\/([0-9a-f-]{36})\/photos\/([0-9a-f-]{36})$/;

    it('shows the seeded gallery in order, the cover first, every photo served as its WebP bytes', async () => {
      const service = await detail('dog-walking');
      const seeded = DEMO_SERVICE_PHOTOS.filter((p) => p.serviceId === dogWalking.id);
      expect(service.images).toHaveLength(seeded.length);
      expect(service.images[0]).toBe(service.imageUrl);
      expect(new Set(service.images).size).toBe(seeded.length);
      for (const [position, image] of service.images.entries()) {
        expect(image).toMatch(photoPath);
        const response = await fetch(`${url}${image}`);
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toBe('image/webp');
        expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        expect(response.headers.get('x-content-type-options')).toBe('nosniff');
        const file = await readFile(demoPhotoPath(seeded[position]!.file));
        expect(Buffer.from(await response.arrayBuffer()).equals(file)).toBe(true);
      }
    });

    it('answers 404 for an unknown photo, a photo of another service and ids that are not UUIDs', async () => {
      const [, serviceId, photoId] = photoPath.exec((await detail('dog-walking')).images[0]!)!;
      const other = (await detail('standard-home-cleaning')).images[0]!;
      const missing = [
        `/api/services/${serviceId}/photos/00000000-0000-4000-8000-00000000f00d`,
        other.replace(/services\/[^/]+/, `services/${serviceId}`),
        `/api/services/${serviceId}/photos/not-a-photo`,
        `/api/services/not-a-service/photos/${photoId}`,
      ];
      for (const path of missing) {
        const response = await fetchJson(`${url}${path}`);
        expect(response.status).toBe(404);
        expect(response.body).toMatchObject({ code: 'not_found', message: 'Photo not found' });
        expect(response.headers.get('cache-control') ?? '').not.toContain('immutable');
      }
    });

    it('still serves the photo of a service switched off since (bookings keep showing it)', async () => {
      const data = await readFile(demoPhotoPath('petcare-1.webp'));
      const id = '00000000-0000-4000-8000-00000000e0a1';
      await dataSource.getRepository(ServicePhoto).insert({
        id, serviceId: '00000000-0000-4000-8000-00000000e003', position: 0, contentType: 'image/webp', bytes: data.length, data,
      });
      const response = await fetch(`${url}/api/services/00000000-0000-4000-8000-00000000e003/photos/${id}`);
      expect(response.status).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(data)).toBe(true);
    });
  });
});
