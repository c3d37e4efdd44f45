import type { ProviderServiceDto, ProviderServiceRequest, ServiceListResponse, SortOption } from '@khidma/contracts';
import { fetchJson } from '@khidma/nest-kit/testing';
import type { DataSource } from 'typeorm';
import { Provider } from '../src/catalogue/entities/provider.entity.js';
import { Review } from '../src/catalogue/entities/review.entity.js';
import { ServiceCategory } from '../src/catalogue/entities/service-category.entity.js';
import { ServiceListing } from '../src/catalogue/entities/service-listing.entity.js';
import { syncProviderApproval } from '../src/catalogue/provider-approval.js';
import { SEARCH_TERMS_TABLE } from '../src/catalogue/search/search-index.js';
import { TERM_COUNTS_TABLE } from '../src/catalogue/listing-counts.js';
import { queryWords, serviceWords } from '../src/catalogue/search/search-text.js';
import { recomputeRatings } from '../src/reviews/review-aggregates.js';
import { type BookingWorld, PEOPLE, startBookingWorld } from './bookings-support.js';
import { bookingTestConfig, bookingWithCatalogue } from './support.js';

const ids = (list: ServiceListResponse) => list.services.map((s) => s.id);

/**
 * The search the catalogue must answer, computed the plain way from every public service's own words
 * (not from the index): each query word matches a word as a prefix, every query word must match, the
 * score sums each query word's best weight; relevance first then the list order (an explicit price or
 * date order first, relevance breaking ties). With `window` (CATALOGUE_MAX_COUNTED), several words are
 * matched among the rarest word's best `window` services only: the word found in the fewest public
 * services under the filter (counted up to window + 1, the first on a tie), its services ranked by the
 * best weight it is found at, then rating and recency.
 */
async function referenceSearch(
  source: { dataSource: DataSource },
  text: string,
  { sortBy = 'rating', categoryId, window }: { sortBy?: SortOption; categoryId?: number; window?: number } = {},
): Promise<string[]> {
  const words = queryWords(text);
  const listed = await source.dataSource.getRepository(ServiceListing).findBy({ status: 'active', providerApproved: true });
  const categories = new Map((await source.dataSource.getRepository(ServiceCategory).find()).map((c) => [c.id, c]));
  const providers = new Map((await source.dataSource.getRepository(Provider).find()).map((p) => [p.id, p]));
  const wordsOf = new Map(
    listed.map((s) => {
      const [category, provider] = [categories.get(s.categoryId)!, providers.get(s.providerId)!];
      const text = { ...s, categoryName: category.name, categoryNameAr: category.nameAr, providerName: provider.businessName, providerNameAr: provider.businessNameAr };
      return [s.id, [...serviceWords(text)]];
    }),
  );
  let services = listed.filter((s) => categoryId === undefined || s.categoryId === categoryId);
  const bestWeight = (serviceId: string, word: string) =>
    Math.max(0, ...wordsOf.get(serviceId)!.filter(([found]) => found.startsWith(word)).map(([, weight]) => weight));
  const compare = (a: number, b: number) => (a < b ? -1 : a > b ? 1 : 0);
  const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const rating = (r: number | null) => (r === null ? -1 : r);
  if (window !== undefined && words.length > 1) {
    const found = words.map((word) => Math.min(window + 1, services.filter((s) => bestWeight(s.id, word) > 0).length));
    const rarest = words[found.indexOf(Math.min(...found))]!;
    services = services
      .filter((s) => bestWeight(s.id, rarest) > 0)
      .sort(
        (x, y) =>
          compare(bestWeight(y.id, rarest), bestWeight(x.id, rarest)) ||
          compare(rating(y.rating), rating(x.rating)) ||
          compare(y.createdAt.getTime(), x.createdAt.getTime()) ||
          byId(y.id, x.id),
      )
      .slice(0, window);
  }
  const scored = services.flatMap((service) => {
    const best = words.map((word) => bestWeight(service.id, word));
    return best.every((weight) => weight > 0) ? [{ service, score: best.reduce((a, b) => a + b, 0) }] : [];
  });
  scored.sort((a, b) => {
    const [x, y] = [a.service, b.service];
    const relevance = compare(b.score, a.score);
    switch (sortBy) {
      case 'price-low':
        return compare(x.price, y.price) || relevance || byId(x.id, y.id);
      case 'price-high':
        return compare(y.price, x.price) || relevance || byId(y.id, x.id);
      case 'newest':
        return compare(y.createdAt.getTime(), x.createdAt.getTime()) || relevance || byId(y.id, x.id);
      default:
        return relevance || compare(rating(y.rating), rating(x.rating)) || compare(y.createdAt.getTime(), x.createdAt.getTime()) || byId(y.id, x.id);
    }
  });
  return scored.map((s) => s.service.id);
}

/** Term rows whose copied list fields differ from their service's (none, when every write keeps them). */
async function staleTermRows(world: BookingWorld): Promise<unknown[]> {
  return world.dataSource.query(
    `SELECT t.serviceId, t.term FROM ${SEARCH_TERMS_TABLE} t JOIN services s ON s.id = t.serviceId WHERE ` +
      `t.listed <> (CASE WHEN s.status = 'active' AND s.providerApproved = 1 THEN 1 ELSE 0 END) OR t.categoryId <> s.categoryId ` +
      `OR t.price <> s.price OR NOT (t.rating = s.rating OR (t.rating IS NULL AND s.rating IS NULL)) OR t.createdAt <> s.createdAt`,
  );
}

/**
 * Term counter cells that differ from a count of the public term rows (per term, category and price
 * bucket, the filter's edges written out): what a one-term search's total reads.
 */
async function staleTermCounts(world: BookingWorld): Promise<unknown[]> {
  const bucket = "CASE WHEN t.price <= 25 THEN '0-25' WHEN t.price <= 50 THEN '25-50' WHEN t.price <= 100 THEN '50-100' ELSE '100+' END";
  const counted: Array<{ term: string; categoryId: number; priceRange: string; n: number | string }> = await world.dataSource.query(
    `SELECT t.term AS term, t.categoryId AS categoryId, ${bucket} AS priceRange, COUNT(*) AS n FROM ${SEARCH_TERMS_TABLE} t WHERE t.listed = 1 GROUP BY t.term, t.categoryId, ${bucket}`,
  );
  const stored: Array<{ term: string; categoryId: number; priceRange: string; listed: number | string }> = await world.dataSource.query(
    `SELECT term, categoryId, priceRange, listed FROM ${TERM_COUNTS_TABLE} WHERE listed <> 0`,
  );
  const key = (row: { term: string; categoryId: number; priceRange: string }) => `${row.term}|${Number(row.categoryId)}|${row.priceRange}`;
  const expected = new Map(counted.map((row) => [key(row), Number(row.n)]));
  const found = new Map(stored.map((row) => [key(row), Number(row.listed)]));
  return [...new Set([...expected.keys(), ...found.keys()])]
    .filter((cell) => expected.get(cell) !== found.get(cell))
    .map((cell) => ({ cell, expected: expected.get(cell), stored: found.get(cell) }));
}

describe('catalogue search from the term rows', () => {
  let world: BookingWorld;
  const search = async (query: string) => {
    const response = await world.get(`/services?${query}`);
    expect([query, response.status]).toEqual([query, 200]);
    return response.body as ServiceListResponse;
  };
  /** Every page of the largest size, as one list of ids. */
  const everyMatch = async (query: string) => {
    const found: string[] = [];
    for (let page = 1; ; page++) {
      const next = await search(`${query}&limit=100&page=${page}`);
      found.push(...ids(next));
      if (next.services.length < 100) return { ids: found, total: next.total };
    }
  };

  beforeAll(async () => {
    world = await startBookingWorld();
    world.config.CATALOGUE_CACHE_MS = 0;
  });
  afterAll(() => world.close());

  it('answers what the plain ranking answers, for one word, a prefix, short prefixes, several words and Arabic, in every order', async () => {
    expect(await staleTermRows(world)).toEqual([]);
    expect(await staleTermCounts(world)).toEqual([]);
    // Every query word is one term, "c" and "ت" as much as "cleaning". The other word's weights come from
    // its own rows when it is found in few services per candidate ("dog walk", "persian cat"), and are
    // joined to each candidate when in many ("deep clean", "home c"; "doorbell s": 2 candidates, most
    // services found under "s"; "sofa c"; "sofa p", where some of sofa's services have no word starting with "p").
    const texts = ['cleaning', 'clea', 'c', 'deep clean', 'dog walk', 'persian cat', 'home c', 'doorbell s', 'sofa c', 'sofa p', 'تنظيف', 'ت', 'صيانه مكيفات', 'sparkle'];
    for (const text of texts) {
      for (const sortBy of ['rating', 'price-low', 'price-high', 'newest'] as const) {
        const expected = await referenceSearch(world, text, { sortBy });
        const found = await everyMatch(`search=${encodeURIComponent(text)}&sortBy=${sortBy}`);
        expect([text, sortBy, found.total]).toEqual([text, sortBy, expected.length]);
        expect([text, sortBy, found.ids]).toEqual([text, sortBy, expected]);
      }
    }
    // With a category: the filter on the term rows' copy.
    const cleaningCategory = await referenceSearch(world, 'clean', { categoryId: 1 });
    expect(cleaningCategory.length).toBeGreaterThan(3);
    expect((await everyMatch('search=clean&category=cleaning')).ids).toEqual(cleaningCategory);
    // Pages cut the same list, whatever their size: no duplicate, no gap, ties in a fixed order.
    const all = await referenceSearch(world, 'clea');
    const paged: string[] = [];
    for (let page = 1; paged.length < all.length; page++) paged.push(...ids(await search(`search=clea&limit=7&page=${page}`)));
    expect(paged).toEqual(all);
  });

  it('requires every word, and reads Arabic letter variants, diacritics and the article the same way', async () => {
    expect((await search(`search=${encodeURIComponent('dog plumber')}`)).total).toBe(0);
    const upkeep = await everyMatch(`search=${encodeURIComponent('صيانة')}`);
    expect(upkeep.total).toBeGreaterThan(0);
    for (const variant of ['صيانه', 'الصيانة', 'صِيَانَة', 'صيـــانة']) expect(await everyMatch(`search=${encodeURIComponent(variant)}`)).toEqual(upkeep);
    const repair = await everyMatch(`search=${encodeURIComponent('إصلاح')}`);
    expect(repair.total).toBeGreaterThan(0);
    expect(await everyMatch(`search=${encodeURIComponent('اصلاح')}`)).toEqual(repair);
    expect(await everyMatch(`search=${encodeURIComponent('أصلاح')}`)).toEqual(repair);
  });

  describe('keeps the term rows’ list fields with every write', () => {
    const quokka = (query = '') => search(`search=quokka${query}`).then(ids);
    const service = (extra: Partial<ProviderServiceRequest> = {}): ProviderServiceRequest => ({
      categoryId: 5,
      title: 'Quokka Shelf Fitting',
      titleAr: 'تركيب رفوف كوكا',
      description: 'Wall shelves levelled and fixed in any room.',
      descriptionAr: 'تركيب رفوف الجدران وتسويتها في أي غرفة.',
      price: 35,
      priceType: 'per_job',
      duration: 90,
      ...extra,
    });
    const decide = async (serviceId: string) =>
      expect((await world.post('/admin/approve-service', 'admin', { serviceId, approved: true })).status).toBe(200);

    it('approval, a price change, switching off and on, the provider’s approval and a new rating', async () => {
      const created = await world.post('/provider/services', 'provider', service());
      expect(created.status).toBe(201);
      const { id } = created.body as ProviderServiceDto;
      expect(await quokka()).toEqual([]);
      await decide(id);
      expect(await quokka()).toEqual([id]);
      expect(await quokka('&priceRange=25-50')).toEqual([id]);
      expect(await quokka('&priceRange=50-100')).toEqual([]);
      expect(await staleTermRows(world)).toEqual([]);
      expect(await staleTermCounts(world)).toEqual([]);

      // A new price goes live when the revision is approved.
      expect((await world.call('PUT', `/provider/services/${id}`, 'provider', service({ price: 75 }))).status).toBe(200);
      expect(await quokka('&priceRange=25-50')).toEqual([id]);
      await decide(id);
      expect(await quokka('&priceRange=25-50')).toEqual([]);
      expect(await quokka('&priceRange=50-100')).toEqual([id]);

      expect((await world.post(`/provider/services/${id}/deactivate`, 'provider')).status).toBe(200);
      expect(await quokka()).toEqual([]);
      expect(await staleTermRows(world)).toEqual([]);
      expect(await staleTermCounts(world)).toEqual([]);
      expect((await world.post(`/provider/services/${id}/activate`, 'provider')).status).toBe(200);
      expect(await quokka()).toEqual([id]);

      const provider = await world.dataSource.getRepository(Provider).findOneByOrFail({ userId: PEOPLE.provider.id });
      const setStatus = (status: Provider['status']) =>
        world.dataSource.transaction(async (manager) => {
          await manager.update(Provider, provider.id, { status });
          await syncProviderApproval(manager, [provider.id]);
        });
      await setStatus('rejected');
      expect(await quokka()).toEqual([]);
      expect(await staleTermRows(world)).toEqual([]);
      expect(await staleTermCounts(world)).toEqual([]);
      await setStatus('approved');
      expect(await quokka()).toEqual([id]);

      // A review's rating reaches the term rows (the default order ranks equal matches by it).
      await world.dataSource.transaction(async (manager) => {
        await manager.insert(Review, {
          id: '00000000-0000-4000-8000-00000000e001',
          serviceId: id,
          authorName: 'Client',
          rating: 5,
          comment: 'Straight shelves',
          language: 'en',
          bookingId: null,
          clientId: null,
          replyComment: null,
          repliedAt: null,
          hiddenAt: null,
          hiddenBy: null,
          hiddenReason: null,
        });
        await recomputeRatings(manager, id, provider.id);
      });
      const rated = await world.dataSource.getRepository(ServiceListing).findOneByOrFail({ id });
      expect(rated.rating).toBe(5);
      expect(await staleTermRows(world)).toEqual([]);
      expect(await staleTermCounts(world)).toEqual([]);
    });
  });
});

describe('catalogue search counts up to CATALOGUE_MAX_COUNTED', () => {
  const cap = 6;
  const booking = bookingWithCatalogue(bookingTestConfig({ CATALOGUE_MAX_COUNTED: cap, CATALOGUE_CACHE_MS: 0 }));
  const search = async (query: string) => {
    const response = await fetchJson(`${booking.url}/api/services?${query}`);
    expect(response.status).toBe(200);
    return response.body as ServiceListResponse;
  };

  it('stops counting at the cap, says so, and serves only pages that start within it', async () => {
    // One term ("cleaning"), a prefix of several terms one of which alone passes the cap ("clean"), and a
    // prefix of more terms than are read one by one ("c").
    for (const text of ['cleaning', 'clean', 'c']) {
      const q = `search=${encodeURIComponent(text)}`;
      const first = await search(`${q}&limit=4`);
      expect([text, first.total, first.totalCapped]).toEqual([text, cap, true]);
      const second = await search(`${q}&limit=4&page=2`);
      expect(second.services).toHaveLength(4);
      expect(ids(second)).not.toEqual(expect.arrayContaining(ids(first)));
      expect(await search(`${q}&limit=4&page=3`)).toEqual({ services: [], total: cap, totalCapped: true, page: 3, limit: 4 });
    }
    // Several words: matched among the rarest word's best `cap` services (the window is 250, or the cap
    // when lower), so a common pair costs the same however large the catalogue; the count says there may be more.
    const several = await search(`search=${encodeURIComponent('clean home')}&limit=100`);
    expect(ids(several)).toEqual(await referenceSearch(booking, 'clean home', { window: cap }));
    expect(several.services.length).toBeGreaterThan(0);
    expect(several).toMatchObject({ total: several.services.length, totalCapped: true });
    // The rarest word has fewer services than the cap: every match, counted exactly.
    const few = await search(`search=${encodeURIComponent('persian cat')}&limit=100`);
    expect(ids(few)).toEqual(await referenceSearch(booking, 'persian cat'));
    expect(few.services.length).toBeGreaterThan(0);
    expect(few).toMatchObject({ total: few.services.length, totalCapped: false });
  });
});
