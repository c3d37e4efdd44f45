import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  DISPLAY_DEFAULTS,
  type PriceRange,
  type ServiceCategoryDto,
  type ServiceDetailDto,
  type ServiceListResponse,
  type ServiceProviderSummary,
  type ServiceSummaryDto,
  type SortOption,
} from '@khidma/contracts';
import { SERVICE_CONFIG, timedRead } from '@khidma/nest-kit';
import { Brackets, DataSource, IsNull, type ObjectLiteral, type SelectQueryBuilder } from 'typeorm';
import type { BookingConfig } from '../config.js';
import { CatalogueChanges } from './catalogue-changes.js';
import { ListServicesQuery } from './dto/list-services.query.js';
import { Provider } from './entities/provider.entity.js';
import { Review } from './entities/review.entity.js';
import { ServiceCategory } from './entities/service-category.entity.js';
import { ServiceListing } from './entities/service-listing.entity.js';
import { ServicePhoto } from './entities/service-photo.entity.js';
import { projection } from './projection.js';
import { SEARCH_TERMS_TABLE } from './search/search-index.js';
import { servicePhotoUrl } from './service-photos.js';
import { normalizeText, queryWords } from './search/search-text.js';
import { toReviewDto } from '../reviews/review-views.js';
import { providerDisputeRecord } from '../disputes/dispute-record.js';

/** Arabic twin of DISPLAY_DEFAULTS.location for services offered at the client's address. */
const YOUR_AREA_AR = 'منطقتك';
/** The spec gives no default response time; a provider who left it open is shown as answering within the hour. */
const DEFAULT_RESPONSE_MINUTES = 60;
/**
 * Categories change by deploy or seed only, and their provider counts may lag a little (clients cache
 * them for a minute anyway): holding them this long spares every list request a lookup.
 */
const CATEGORY_CACHE_MS = 10_000;
/** Distinct list questions remembered at once; the oldest is dropped first. */
const LIST_CACHE_ENTRIES = 1000;
const DETAIL_REVIEWS = 20;
const SIMILAR_SERVICES = 4;
/** One answer for every photo that is not there, malformed ids included. */
export const photoNotFound = () => new NotFoundException({ code: 'not_found', message: 'Photo not found' });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Price buckets, in dollars: the lower edge is exclusive except for the first (a $25 job is "0-25"). */
const PRICE_BOUNDS: Record<PriceRange, { above?: number; atMost?: number }> = {
  '0-25': { atMost: 25 },
  '25-50': { above: 25, atMost: 50 },
  '50-100': { above: 50, atMost: 100 },
  '100+': { above: 100 },
};

/**
 * Each order is the prefix of a list index read in one direction (see the reviews-and-search
 * migration), ending in the id so equal keys page stably. Unrated services (null rating) sort last
 * under "rating" on every database: they have no rating to rank by, only a displayed default.
 */
const ORDERS: Record<SortOption, Array<[string, 'ASC' | 'DESC']>> = {
  rating: [['s.rating', 'DESC'], ['s.createdAt', 'DESC'], ['s.id', 'DESC']],
  'price-low': [['s.price', 'ASC'], ['s.id', 'ASC']],
  'price-high': [['s.price', 'DESC'], ['s.id', 'DESC']],
  newest: [['s.createdAt', 'DESC'], ['s.id', 'DESC']],
};

const SUMMARY_SERVICE = [
  'id', 'slug', 'categoryId', 'title', 'titleAr', 'description', 'descriptionAr', 'price', 'priceType',
  'durationMinutes', 'location', 'locationAr', 'rating', 'reviewCount', 'imageUrl', 'createdAt',
] as const;
const SUMMARY_PROVIDER = ['id', 'businessName', 'businessNameAr', 'avatarUrl', 'rating', 'completedJobs', 'verified'] as const;
const DETAIL_SERVICE = [...SUMMARY_SERVICE, 'features', 'featuresAr'] as const;
const DETAIL_PROVIDER = [
  ...SUMMARY_PROVIDER, 'bio', 'bioAr', 'city', 'cityAr', 'responseTimeMinutes', 'phone', 'languages', 'joinedAt', 'weeklyAvailability',
] as const;

type SummaryService = Pick<ServiceListing, (typeof SUMMARY_SERVICE)[number]>;
type SummaryProvider = Pick<Provider, (typeof SUMMARY_PROVIDER)[number]>;

interface Filters {
  categoryId?: number;
  priceRange?: PriceRange;
  words: string[];
  excludeId?: string;
}

/** Read side of the catalogue: only active services of approved providers are public. */
@Injectable()
export class CatalogueService {
  private categoryCache?: { expires: number; categories: Promise<ServiceCategoryDto[]> };
  /** Answers by normalized question; holding the promise also merges identical concurrent requests. */
  private readonly listCache = new Map<string, { expires: number; response: Promise<ServiceListResponse>; refreshing: boolean }>();
  /** Bumped by every committed catalogue change: an answer loaded before it is not remembered after it. */
  private generation = 0;
  private readonly summaryService;
  private readonly summaryProvider;
  private readonly detailService;
  private readonly detailProvider;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(SERVICE_CONFIG) private readonly config: BookingConfig,
    changes: CatalogueChanges,
  ) {
    changes.onChange(() => {
      this.generation++;
      this.listCache.clear();
      this.categoryCache = undefined;
    });
    this.summaryService = projection(dataSource, ServiceListing, 's', SUMMARY_SERVICE);
    this.summaryProvider = projection(dataSource, Provider, 'p', SUMMARY_PROVIDER);
    this.detailService = projection(dataSource, ServiceListing, 's', DETAIL_SERVICE);
    this.detailProvider = projection(dataSource, Provider, 'p', DETAIL_PROVIDER);
  }

  listCategories(): Promise<ServiceCategoryDto[]> {
    const now = Date.now();
    if (!this.categoryCache || this.categoryCache.expires <= now) {
      const categories = this.loadCategories();
      const entry = { expires: now + CATEGORY_CACHE_MS, categories };
      this.categoryCache = entry;
      // A failed load must not be served from the cache until it expires.
      categories.catch(() => this.categoryCache === entry && (this.categoryCache = undefined));
      return categories;
    }
    return this.categoryCache.categories;
  }

  async listServices(query: ListServicesQuery): Promise<ServiceListResponse> {
    const page = { page: query.page, limit: query.limit };
    const categories = await this.listCategories();
    let categoryId: number | undefined;
    if (query.category) {
      const wanted = normalizeText(query.category);
      const category = categories.find((c) => [c.slug, c.name, c.nameAr].some((name) => normalizeText(name) === wanted));
      // An unknown category is a valid question with no answer (the booking form shows "No services available").
      if (!category) return { services: [], total: 0, totalCapped: false, ...page };
      categoryId = category.id;
    }
    const filters: Filters = { categoryId, priceRange: query.priceRange, words: query.search ? queryWords(query.search) : [] };
    const question = { ...filters, sortBy: query.sortBy, ...page };
    const offset = (query.page - 1) * query.limit;
    return this.cached(JSON.stringify(question), async () => {
      if (filters.words.length) {
        // A search matches and ranks every candidate before it can cut a page: that pass counts them
        // too. Only a page beyond the end, which has no row to carry the count, needs a second query.
        const { services, total } = await this.summaries(filters, query.sortBy, query.limit, offset, true);
        return { services, ...(total === undefined ? await this.countPublic(filters) : { total, totalCapped: false }), ...page };
      }
      // Pages past the counted window are not read: the offset would walk the index as far as the count would.
      const inWindow = offset < this.config.CATALOGUE_MAX_COUNTED;
      const [count, { services }] = await Promise.all([
        this.countPublic(filters),
        inWindow ? this.summaries(filters, query.sortBy, query.limit, offset) : { services: [] },
      ]);
      return { services, ...count, ...page };
    });
  }

  /** A public service by id or slug with its reviews and similar services; 404 when missing or not public. */
  async getService(key: string): Promise<ServiceDetailDto> {
    const [raw] = await this.read<Record<string, unknown>>(
      this.publicServices({ words: [] })
        .select([])
        .addSelect(this.detailService.columns.map(([expression, alias]) => `${expression} AS ${alias}`))
        .addSelect(this.detailProvider.columns.map(([expression, alias]) => `${expression} AS ${alias}`))
        .andWhere(UUID.test(key) ? 's.id = :key' : 's.slug = :key', { key })
        .limit(1),
    );
    if (!raw) throw new NotFoundException({ code: 'not_found', message: `No service ${key}` });
    const service = this.detailService.read(raw);
    const provider = this.detailProvider.read(raw);
    const categories = await this.listCategories();
    const category = categories.find((c) => c.id === service.categoryId);
    const [photos, reviews, similar, disputes] = await Promise.all([
      this.dataSource.getRepository(ServicePhoto).find({
        select: { id: true },
        where: { serviceId: service.id },
        order: { position: 'ASC' },
      }),
      this.dataSource.getRepository(Review).find({
        where: { serviceId: service.id, hiddenAt: IsNull() },
        order: { createdAt: 'DESC', id: 'DESC' },
        take: DETAIL_REVIEWS,
      }),
      this.summaries({ categoryId: service.categoryId, words: [], excludeId: service.id }, 'rating', SIMILAR_SERVICES, 0),
      providerDisputeRecord(this.dataSource.manager, provider.id),
    ]);
    const summary = toSummary(service, provider, categories);
    return {
      ...summary,
      features: service.features,
      featuresAr: service.featuresAr,
      // The gallery in order; a service without stored photos may still name one image.
      images: photos.length
        ? photos.map((photo) => servicePhotoUrl(service.id, photo.id))
        : service.imageUrl
          ? [service.imageUrl]
          : [],
      category: {
        id: service.categoryId,
        slug: category?.slug ?? '',
        name: category?.name ?? DISPLAY_DEFAULTS.categoryName,
        nameAr: category?.nameAr ?? DISPLAY_DEFAULTS.categoryName,
        icon: category?.icon ?? DISPLAY_DEFAULTS.categoryIcon,
        color: category?.color ?? DISPLAY_DEFAULTS.categoryColor,
      },
      provider: {
        ...summary.provider,
        bio: provider.bio,
        bioAr: provider.bioAr,
        city: provider.city,
        cityAr: provider.cityAr,
        responseTimeMinutes: provider.responseTimeMinutes ?? DEFAULT_RESPONSE_MINUTES,
        phone: provider.phone,
        languages: provider.languages,
        joinedAt: provider.joinedAt,
        weeklyAvailability: provider.weeklyAvailability,
        disputes,
      },
      reviews: reviews.map(toReviewDto),
      similar: similar.services,
    };
  }

  /** The cards of those `ids` that are public, in no particular order; the others are left out. */
  async publicCards(ids: readonly string[]): Promise<ServiceSummaryDto[]> {
    if (ids.length === 0) return [];
    const rows = await this.read<Record<string, unknown>>(
      this.publicServices({ words: [] })
        .select([])
        .addSelect([...this.summaryService.columns, ...this.summaryProvider.columns].map(([expression, alias]) => `${expression} AS ${alias}`))
        .andWhere('s.id IN (:...ids)', { ids }),
    );
    const categories = await this.listCategories();
    return rows.map((raw) => toSummary(this.summaryService.read(raw), this.summaryProvider.read(raw), categories));
  }

  /**
   * A photo with its bytes, whatever the state of its service: a booking keeps showing the photo of a
   * service switched off since. 404 when the service has no such photo.
   */
  async photo(serviceId: string, photoId: string): Promise<Pick<ServicePhoto, 'contentType' | 'data'>> {
    const photo = await this.dataSource
      .getRepository(ServicePhoto)
      .createQueryBuilder('p')
      .select(['p.contentType'])
      .addSelect('p.data')
      .where('p.id = :photoId AND p.serviceId = :serviceId', { photoId, serviceId })
      .getOne();
    if (!photo) throw photoNotFound();
    return photo;
  }

  /**
   * The answer to a list question, reused for CATALOGUE_CACHE_MS or until the catalogue changes
   * (CatalogueChanges empties the cache on every replica). For as long again after its lifetime, the
   * old answer is still served while one refresh runs in the background, so a popular question never
   * makes its callers wait for the database; an answer older than that is recomputed before replying.
   */
  private cached(key: string, load: () => Promise<ServiceListResponse>): Promise<ServiceListResponse> {
    const ttl = this.config.CATALOGUE_CACHE_MS;
    if (ttl === 0) return load();
    const now = Date.now();
    const hit = this.listCache.get(key);
    if (hit && now < hit.expires) return hit.response;
    if (hit && now < hit.expires + ttl) {
      if (!hit.refreshing) {
        hit.refreshing = true;
        const generation = this.generation;
        load().then(
          (response) => generation === this.generation && this.remember(key, Promise.resolve(response), ttl),
          () => (hit.refreshing = false),
        );
      }
      return hit.response;
    }
    const response = load();
    this.remember(key, response, ttl);
    // A failed answer is not kept; a newer entry for the same question is left alone.
    response.catch(() => this.listCache.get(key)?.response === response && this.listCache.delete(key));
    return response;
  }

  private remember(key: string, response: Promise<ServiceListResponse>, ttl: number) {
    this.listCache.delete(key);
    if (this.listCache.size >= LIST_CACHE_ENTRIES) this.listCache.delete(this.listCache.keys().next().value!);
    this.listCache.set(key, { expires: Date.now() + ttl, response, refreshing: false });
  }

  private async loadCategories(): Promise<ServiceCategoryDto[]> {
    const categories = await this.dataSource
      .getRepository(ServiceCategory)
      .find({ order: { sortOrder: 'ASC', id: 'ASC' } });
    const counts = await this.read<{ categoryId: number | string; providers: number | string }>(
      this.dataSource
        .createQueryBuilder()
        .select('s.categoryId', 'categoryId')
        .addSelect('COUNT(DISTINCT s.providerId)', 'providers')
        .from(ServiceListing, 's')
        .where('s.status = :active AND s.providerApproved = :approved', { active: 'active', approved: true })
        .groupBy('s.categoryId'),
    );
    // Drivers return COUNT and grouped keys as numbers or strings depending on the database.
    const providerCount = new Map(counts.map((row) => [Number(row.categoryId), Number(row.providers)]));
    return categories.map((category) => ({
      id: category.id,
      slug: category.slug,
      name: category.name,
      nameAr: category.nameAr,
      description: category.description,
      descriptionAr: category.descriptionAr,
      icon: category.icon,
      color: category.color,
      startingPrice: category.startingPrice,
      providerCount: providerCount.get(category.id) ?? 0,
    }));
  }

  /** A catalogue read under the server-side time limit (see timedRead): a runaway answers 503, the pool lives on. */
  private read<T>(builder: SelectQueryBuilder<ObjectLiteral>): Promise<T[]> {
    const [sql, parameters] = builder.getQueryAndParameters();
    return timedRead<T>(this.dataSource, this.config.CATALOGUE_QUERY_TIMEOUT_MS, sql, parameters);
  }

  /**
   * Public services matching the filters with their provider's card fields. The provider is a LEFT
   * JOIN (every service has one) that nothing filters on: the database reads services first, in the
   * order of a list index, and looks up a provider per row kept, never providers first.
   */
  private publicServices(filters: Filters): SelectQueryBuilder<ServiceListing> {
    return this.listedServices(filters).leftJoin(Provider, 'p', 'p.id = s.providerId');
  }

  /**
   * The number of public services matching the filters, from the list index alone (no join), counted
   * up to CATALOGUE_MAX_COUNTED: the read stops one entry past it, so its cost does not grow with the
   * catalogue.
   */
  private async countPublic(filters: Filters): Promise<{ total: number; totalCapped: boolean }> {
    const cap = this.config.CATALOGUE_MAX_COUNTED;
    const matches = this.listedServices(filters).select('s.id').limit(cap + 1);
    const [row] = await this.read<{ total: number | string }>(
      this.dataSource.createQueryBuilder().select('COUNT(*)', 'total').from(`(${matches.getQuery()})`, 'counted').setParameters(matches.getParameters()),
    );
    const total = Number(row?.total ?? 0);
    return { total: Math.min(total, cap), totalCapped: total > cap };
  }

  /**
   * Active services of approved providers (the copy on the service row, see syncProviderApproval)
   * matching the filters. With search words, each word becomes a prefix match on the word index and a
   * service qualifies only when every word matched; `m.score` sums, per word, the weight of the best
   * place it was found.
   */
  private listedServices(filters: Filters): SelectQueryBuilder<ServiceListing> {
    const builder = this.dataSource
      .getRepository(ServiceListing)
      .createQueryBuilder('s')
      .where('s.status = :active AND s.providerApproved = :approved', { active: 'active', approved: true });
    if (filters.categoryId !== undefined) builder.andWhere('s.categoryId = :categoryId', { categoryId: filters.categoryId });
    const bounds = filters.priceRange && PRICE_BOUNDS[filters.priceRange];
    if (bounds?.above !== undefined) builder.andWhere('s.price > :above', { above: bounds.above });
    if (bounds?.atMost !== undefined) builder.andWhere('s.price <= :atMost', { atMost: bounds.atMost });
    if (filters.excludeId) builder.andWhere('s.id <> :excludeId', { excludeId: filters.excludeId });
    const { words } = filters;
    if (words.length) {
      const weightOf = (i: number) => `MAX(CASE WHEN t.term LIKE :word${i} THEN t.weight ELSE 0 END)`;
      builder
        .innerJoin(
          (sub) =>
            sub
              .select('t.serviceId', 'serviceId')
              .addSelect(words.map((_, i) => weightOf(i)).join(' + '), 'score')
              .from(SEARCH_TERMS_TABLE, 't')
              .where(new Brackets((any) => words.forEach((_, i) => any.orWhere(`t.term LIKE :word${i}`))))
              .groupBy('t.serviceId')
              .having(words.map((_, i) => `${weightOf(i)} > 0`).join(' AND ')),
          'm',
          'm.serviceId = s.id',
        )
        // Words hold letters and digits only (queryWords splits on everything else): no LIKE escapes needed.
        .setParameters(Object.fromEntries(words.map((word, i) => [`word${i}`, `${word}%`])));
    }
    return builder;
  }

  /**
   * One page of cards in one query, in two steps: the page is chosen from narrow rows first (ids and
   * sort keys: index-only for a list), then only its services are read whole and joined to their
   * providers, so skipping or ranking many candidates never carries their descriptions along. With a
   * search and the default (rating) order, better matches come first; an explicit price or date order
   * wins over relevance, which then only breaks ties.
   */
  private async summaries(
    filters: Filters,
    sortBy: SortOption | undefined,
    limit: number,
    offset: number,
    withTotal = false,
  ): Promise<{ services: ServiceSummaryDto[]; total?: number }> {
    const order = ORDERS[sortBy ?? 'rating'];
    const relevance: Array<[string, 'DESC']> = filters.words.length ? [['m.score', 'DESC']] : [];
    const keys = !sortBy || sortBy === 'rating' ? [...relevance, ...order] : [...order.slice(0, -1), ...relevance, ...order.slice(-1)];
    const page = this.listedServices(filters).select('s.id', 'id');
    if (filters.words.length) page.addSelect('m.score', 'score');
    if (withTotal) page.addSelect('COUNT(*) OVER ()', 'total');
    page.orderBy(Object.fromEntries(keys)).offset(offset).limit(limit);
    const cards = this.dataSource
      .createQueryBuilder()
      .select([...this.summaryService.columns, ...this.summaryProvider.columns].map(([expression, alias]) => `${expression} AS ${alias}`))
      .from(`(${page.getQuery()})`, 'pg')
      .innerJoin(ServiceListing, 's', 's.id = pg.id')
      .leftJoin(Provider, 'p', 'p.id = s.providerId')
      .setParameters(page.getParameters());
    if (withTotal) cards.addSelect('pg.total', 'total');
    // The same order again over the page's rows only.
    cards.orderBy(Object.fromEntries(keys.map(([key, direction]) => [key === 'm.score' ? 'pg.score' : key, direction])));
    const rows = await this.read<Record<string, unknown>>(cards);
    const categories = await this.listCategories();
    return {
      services: rows.map((raw) => toSummary(this.summaryService.read(raw), this.summaryProvider.read(raw), categories)),
      total: withTotal && rows[0] ? Number(rows[0].total) : undefined,
    };
  }
}

/** The card shape, with the spec §3 display defaults where a provider left a field open. */
function toSummary(service: SummaryService, provider: SummaryProvider, categories: ServiceCategoryDto[]): ServiceSummaryDto {
  return {
    id: service.id,
    slug: service.slug,
    categoryId: service.categoryId,
    categorySlug: categories.find((c) => c.id === service.categoryId)?.slug ?? '',
    title: service.title,
    titleAr: service.titleAr,
    description: service.description,
    descriptionAr: service.descriptionAr,
    price: service.price,
    priceType: service.priceType,
    duration: service.durationMinutes ?? DISPLAY_DEFAULTS.durationMinutes,
    location: service.location ?? DISPLAY_DEFAULTS.location,
    locationAr: service.locationAr ?? YOUR_AREA_AR,
    rating: service.rating ?? DISPLAY_DEFAULTS.serviceRating,
    reviewCount: service.reviewCount,
    imageUrl: service.imageUrl,
    createdAt: service.createdAt.toISOString(),
    provider: toProviderSummary(provider),
  };
}

/** A provider's card fields, with the spec §3 display defaults. */
export function toProviderSummary(provider: SummaryProvider): ServiceProviderSummary {
  return {
    id: provider.id,
    name: provider.businessName || DISPLAY_DEFAULTS.providerName,
    nameAr: provider.businessNameAr || DISPLAY_DEFAULTS.providerName,
    avatar: provider.avatarUrl,
    rating: provider.rating ?? DISPLAY_DEFAULTS.providerRating,
    completedJobs: provider.completedJobs,
    verified: provider.verified,
  };
}
