import { readFileSync, statSync } from 'node:fs';
import {
  bulkCatalogue,
  DEMO_ACCOUNTS,
  DEMO_CATEGORIES,
  DEMO_PROVIDERS,
  DEMO_REVIEWS,
  DEMO_SERVICE_PHOTOS,
  DEMO_SERVICES,
  DEMO_USERS,
  demoPhotoPath,
  longestVisitMinutes,
  PROVIDER_USERS,
  SERVICES_PER_CATEGORY,
  WEEKDAYS,
} from './index.js';

const ARABIC = /[\u0600-\u06FF]/;

describe('demo catalogue', () => {
  it('has the 12 categories of the spec with their starting prices', () => {
    expect(Object.fromEntries(DEMO_CATEGORIES.map((c) => [c.slug, c.startingPrice]))).toEqual({
      cleaning: 25, plumbing: 40, electrical: 50, delivery: 15, maintenance: 30, painting: 35,
      gardening: 45, tutoring: 30, automotive: 60, petcare: 20, fitness: 40, tech: 35,
    });
    expect(DEMO_CATEGORIES.map((c) => c.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(new Set(DEMO_CATEGORIES.map((c) => c.color)).size).toBe(12);
  });

  it('gives every provider user and the demo provider account one profile', () => {
    const owners = DEMO_PROVIDERS.map((p) => p.userId).sort();
    expect(owners).toEqual([DEMO_ACCOUNTS.provider.id, ...PROVIDER_USERS.map((u) => u.id)].sort());
    expect(new Set(DEMO_PROVIDERS.map((p) => p.id)).size).toBe(DEMO_PROVIDERS.length);
    for (const provider of DEMO_PROVIDERS) {
      expect(Object.keys(provider.weeklyAvailability)).toEqual([...WEEKDAYS]);
      expect(provider.businessNameAr).toMatch(ARABIC);
      expect(provider.cityAr).toMatch(ARABIC);
    }
  });

  it('keeps the written rows where tests and links expect them', () => {
    expect(DEMO_PROVIDERS[0]).toMatchObject({ id: '00000000-0000-4000-9000-000000000200', userId: DEMO_ACCOUNTS.provider.id });
    expect(DEMO_PROVIDERS[15]).toMatchObject({ id: '00000000-0000-4000-9000-000000000215', businessName: 'Hijazi Electrical & Solar' });
    expect(DEMO_SERVICES[0]).toMatchObject({ id: '00000000-0000-4000-a000-000000001000', slug: 'standard-home-cleaning', price: 25 });
    expect(DEMO_SERVICES[63]).toMatchObject({ id: '00000000-0000-4000-a000-000000001063', slug: 'phone-tablet-help' });
  });

  it('has about forty providers, at least two in every category, each with an identity account', () => {
    expect(DEMO_PROVIDERS).toHaveLength(40);
    for (const category of DEMO_CATEGORIES) {
      expect(DEMO_PROVIDERS.filter((p) => p.categoryId === category.id).length).toBeGreaterThanOrEqual(2);
    }
    for (const provider of DEMO_PROVIDERS) {
      expect(DEMO_USERS.find((u) => u.id === provider.userId)).toMatchObject({ role: 'provider', email: provider.email });
      expect(provider.bioAr).toMatch(ARABIC);
      expect(provider.bioAr).not.toBe(provider.bio);
      expect(Object.values(provider.weeklyAvailability).some((day) => day !== null)).toBe(true);
    }
    expect(new Set(DEMO_PROVIDERS.map((p) => p.city)).size).toBeGreaterThanOrEqual(10);
    expect(new Set(DEMO_PROVIDERS.map((p) => JSON.stringify(p.weeklyAvailability))).size).toBeGreaterThanOrEqual(10);
  });

  it('lists a couple of hundred services, at least 15 per category, priced from the category starting price', () => {
    expect(DEMO_SERVICES).toHaveLength(DEMO_CATEGORIES.length * SERVICES_PER_CATEGORY);
    for (const category of DEMO_CATEGORIES) {
      const services = DEMO_SERVICES.filter((s) => s.categoryId === category.id);
      expect(services.length).toBeGreaterThanOrEqual(15);
      expect(Math.min(...services.map((s) => s.price))).toBe(category.startingPrice);
      // Offered by several of the category's providers, each of them listing where they work.
      expect(new Set(services.map((s) => s.providerId)).size).toBeGreaterThanOrEqual(2);
      // Only the demo provider account, a handyman, also lists a plumbing job.
      const others = services.filter((s) => DEMO_PROVIDERS.find((p) => p.id === s.providerId)?.userId !== DEMO_ACCOUNTS.provider.id);
      for (const service of others) {
        expect(DEMO_PROVIDERS.find((p) => p.id === service.providerId)?.categoryId).toBe(category.id);
      }
    }
    expect(new Set(DEMO_SERVICES.map((s) => s.slug)).size).toBe(DEMO_SERVICES.length);
    expect(new Set(DEMO_SERVICES.map((s) => s.id)).size).toBe(DEMO_SERVICES.length);
    // Real listings, not "Service 17": titles repeat at most twice (an offering under each of its titles' providers).
    const titles = DEMO_SERVICES.map((s) => s.title);
    expect(new Set(titles).size).toBeGreaterThan(DEMO_SERVICES.length * 0.9);
    expect(titles.filter((t) => /\d+$/.test(t))).toEqual([]);
  });

  it('lists only services their provider can be booked for: a visit fits in one of its working days', () => {
    const providers = new Map(DEMO_PROVIDERS.map((p) => [p.id, p]));
    for (const service of DEMO_SERVICES) {
      const visit = service.priceType === 'hourly' ? 60 : service.durationMinutes;
      expect([service.slug, visit <= longestVisitMinutes(providers.get(service.providerId)!)]).toEqual([service.slug, true]);
    }
  });

  it('lists services at distinct times, so "newest" has one order', () => {
    const times = DEMO_SERVICES.map((s) => Date.parse(s.createdAt));
    expect(new Set(times).size).toBe(times.length);
    expect(Math.max(...times)).toBeLessThan(Date.parse('2026-01-01'));
  });

  it('writes every service in real Arabic too', () => {
    for (const service of DEMO_SERVICES) {
      expect(service.titleAr).toMatch(ARABIC);
      expect(service.descriptionAr).toMatch(ARABIC);
      expect(service.locationAr).toMatch(ARABIC);
      expect(service.titleAr).not.toBe(service.title);
      expect(service.descriptionAr).not.toBe(service.description);
      expect(service.featuresAr).toHaveLength(service.features.length);
      for (const feature of service.featuresAr) expect(feature).toMatch(ARABIC);
      // No English word left in the Arabic text but the names of exams and products.
      expect(service.descriptionAr.replace(/IGCSE|IELTS|SAT|DELF|UPS|USB(-C)?|LED|SSD|PPR|GPS|Wi-Fi/g, '')).not.toMatch(/[A-Za-z]{3,}/);
    }
  });
});

describe('demo service photos', () => {
  it('gives every service a gallery of 2-4 photos of its category, cover first', () => {
    for (const service of DEMO_SERVICES) {
      const photos = DEMO_SERVICE_PHOTOS.filter((p) => p.serviceId === service.id);
      expect(photos.length).toBeGreaterThanOrEqual(2);
      expect(photos.length).toBeLessThanOrEqual(4);
      expect(photos.map((p) => p.position)).toEqual(photos.map((_, i) => i));
      expect(new Set(photos.map((p) => p.file)).size).toBe(photos.length);
      const category = DEMO_CATEGORIES.find((c) => c.id === service.categoryId)!;
      for (const photo of photos) expect(photo.file.startsWith(`${category.slug}-`)).toBe(true);
    }
  });

  it('has every photo file: a small WebP image', () => {
    for (const file of new Set(DEMO_SERVICE_PHOTOS.map((p) => p.file))) {
      const path = demoPhotoPath(file);
      const bytes = readFileSync(path);
      // RIFF....WEBP
      expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
      expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
      expect(statSync(path).size).toBeLessThan(25 * 1024);
    }
  });
});

describe('demo reviews', () => {
  it('gives every service 2-6 reviews whose stars average to its rating and count', () => {
    for (const service of DEMO_SERVICES) {
      const reviews = DEMO_REVIEWS.filter((r) => r.serviceId === service.id);
      expect(reviews.length).toBeGreaterThanOrEqual(2);
      expect(reviews.length).toBeLessThanOrEqual(6);
      expect(service.reviewCount).toBe(reviews.length);
      const mean = reviews.reduce((sum, r) => sum + r.rating, 0) / reviews.length;
      expect(service.rating).toBeCloseTo(mean, 2);
      for (const review of reviews) {
        expect(Date.parse(review.createdAt)).toBeGreaterThan(Date.parse(service.createdAt));
        expect(review.rating).toBeGreaterThanOrEqual(1);
        expect(review.rating).toBeLessThanOrEqual(5);
      }
    }
    expect(new Set(DEMO_REVIEWS.map((r) => r.id)).size).toBe(DEMO_REVIEWS.length);
  });

  it('writes reviews in both languages, each in its own script', () => {
    const arabic = DEMO_REVIEWS.filter((r) => r.language === 'ar');
    const english = DEMO_REVIEWS.filter((r) => r.language === 'en');
    expect(arabic.length).toBeGreaterThan(DEMO_REVIEWS.length / 3);
    expect(english.length).toBeGreaterThan(DEMO_REVIEWS.length / 3);
    for (const review of arabic) expect(review.comment).toMatch(ARABIC);
    for (const review of english) expect(review.comment).not.toMatch(ARABIC);
    const quoted = DEMO_REVIEWS.filter((r) => r.language === 'ar' && r.comment.includes('«'));
    expect(quoted.length).toBeGreaterThan(0);
    for (const review of quoted) {
      const service = DEMO_SERVICES.find((s) => s.id === review.serviceId)!;
      expect(review.comment).toContain(`«${service.titleAr}»`);
    }
  });
});

describe('bulk catalogue', () => {
  const bulk = bulkCatalogue(1000);

  it('spreads the services over every category, price bucket and many providers', () => {
    expect(bulk.services).toHaveLength(1000);
    expect(bulk.providers).toHaveLength(40);
    expect(new Set(bulk.services.map((s) => s.categoryId)).size).toBe(12);
    expect(new Set(bulk.services.map((s) => s.slug)).size).toBe(1000);
    expect(new Set([...bulk.services, ...DEMO_SERVICES].map((s) => s.id)).size).toBe(1000 + DEMO_SERVICES.length);
    const buckets = [25, 50, 100, Infinity].map((edge, i, edges) =>
      bulk.services.filter((s) => s.price <= edge && s.price > (i ? edges[i - 1]! : 0)).length,
    );
    expect(buckets.every((count) => count > 50)).toBe(true);
    for (const service of bulk.services) {
      const owner = bulk.providers.find((p) => p.id === service.providerId)!;
      expect(service.categoryId).toBe(owner.categoryId);
      expect(service.titleAr).toMatch(ARABIC);
    }
  });

  it('hides some: pending providers and inactive services', () => {
    expect(bulk.providers.filter((p) => p.status === 'pending')).toHaveLength(2);
    expect(bulk.services.filter((s) => s.status === 'inactive')).toHaveLength(40);
  });

  it('is the same on every call', () => {
    expect(bulkCatalogue(1000)).toEqual(bulk);
  });
});
