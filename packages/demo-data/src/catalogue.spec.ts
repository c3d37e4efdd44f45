import { bulkCatalogue, DEMO_ACCOUNTS, DEMO_CATEGORIES, DEMO_PROVIDERS, DEMO_REVIEWS, DEMO_SERVICES, PROVIDER_USERS, WEEKDAYS } from './index.js';

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

  it('lists at least 5 services per category, priced from the category starting price', () => {
    for (const category of DEMO_CATEGORIES) {
      const services = DEMO_SERVICES.filter((s) => s.categoryId === category.id);
      expect(services.length).toBeGreaterThanOrEqual(5);
      expect(Math.min(...services.map((s) => s.price))).toBe(category.startingPrice);
    }
    expect(new Set(DEMO_SERVICES.map((s) => s.slug)).size).toBe(DEMO_SERVICES.length);
    expect(new Set(DEMO_SERVICES.map((s) => s.id)).size).toBe(DEMO_SERVICES.length);
  });

  it('writes every service in real Arabic too', () => {
    for (const service of DEMO_SERVICES) {
      expect(service.titleAr).toMatch(ARABIC);
      expect(service.descriptionAr).toMatch(ARABIC);
      expect(service.featuresAr).toHaveLength(service.features.length);
      for (const feature of service.featuresAr) expect(feature).toMatch(ARABIC);
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
