import { eventually, fetchJson } from '@khidma/nest-kit/testing';
import type { ServiceListResponse } from '@khidma/contracts';
import { DataSource } from 'typeorm';
import { ServiceListing } from '../src/catalogue/entities/service-listing.entity.js';
import { seedCatalogue } from '../src/seed/seed-catalogue.js';
import { bookingTestConfig, startBooking } from './support.js';

/** Lists answer from a short cache; these run booking with a tiny one, and with none. */
describe.each([
  { cacheMs: 300, cached: true },
  { cacheMs: 0, cached: false },
])('catalogue answer cache (CATALOGUE_CACHE_MS=$cacheMs)', ({ cacheMs, cached }) => {
  const config = bookingTestConfig({ CATALOGUE_CACHE_MS: cacheMs });
  let app: Awaited<ReturnType<typeof startBooking>>['app'];
  let url: string;
  let dataSource: DataSource;

  const petcare = async () => {
    const response = await fetchJson(`${url}/api/services?category=petcare&sortBy=newest`);
    expect(response.status).toBe(200);
    return response.body as ServiceListResponse;
  };

  beforeAll(async () => {
    ({ app, url } = await startBooking(config));
    dataSource = app.get(DataSource);
    await seedCatalogue(dataSource);
  });
  afterAll(async () => {
    await app.close();
    await config.cleanup();
  });

  it(cached ? 'answers a repeated question from the cache, then refreshes it' : 'answers every question from the database', async () => {
    const before = await petcare();
    const template = await dataSource.getRepository(ServiceListing).findOneByOrFail({ slug: 'dog-walking' });
    await dataSource.getRepository(ServiceListing).insert({
      ...template,
      id: '00000000-0000-4000-8000-00000000c001',
      slug: 'brand-new-pet-taxi',
      createdAt: new Date(Date.UTC(2030, 0, 1)),
    });
    const after = await petcare();
    if (cached) {
      expect(after).toEqual(before);
      // Past its lifetime the old answer is served once more while the refresh runs, then the new one.
      await eventually(async () => (await petcare()).total === before.total + 1);
    } else {
      expect(after.total).toBe(before.total + 1);
    }
    expect((await petcare()).services[0]!.slug).toBe('brand-new-pet-taxi');
  });
});
