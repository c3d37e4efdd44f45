import { DEMO_ACCOUNTS, DEMO_CATEGORIES, DEMO_PROVIDERS, DEMO_SERVICES, PROVIDER_USERS, WEEKDAYS } from './index.js';

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
