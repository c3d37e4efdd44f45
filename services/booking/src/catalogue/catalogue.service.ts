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
import { badCursor, readCursorKey, SERVICE_CONFIG, type StatementVariables, timedRead, writeCursor } from '@khidma/nest-kit';
import { DataSource, DateUtils, IsNull } from 'typeorm';
import type { BookingConfig } from '../config.js';
import { CatalogueChanges } from './catalogue-changes.js';
import { ListServicesQuery } from './dto/list-services.query.js';
import { Provider } from './entities/provider.entity.js';
import { Review } from './entities/review.entity.js';
import { ServiceCategory } from './entities/service-category.entity.js';
import { ServiceListing } from './entities/service-listing.entity.js';
import { ServicePhoto } from './entities/service-photo.entity.js';
import { LISTING_COUNTS_TABLE, TERM_COUNTS_TABLE } from './listing-counts.js';
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

/**
 * Price buckets, in dollars: the lower edge is exclusive except for the first (a $25 job is "0-25").
 * The listing-counts migration's triggers count services under the same edges.
 */
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

/**
 * The list index a read of public services goes through (`USE INDEX`, MySQL family only), named so the
 * optimizer does not weigh the other six behind the same public condition on every request: those
 * estimates (one index dive each) cost about as much server CPU as a page's own read. A page reads
 * its order's index; a read by id or slug its key.
 */
const PAGE_INDEX: Record<SortOption, string> = { rating: 'rating', 'price-low': 'price', 'price-high': 'price', newest: 'newest' };
const listIndex = (key: string, filters: Filters) => `idx_services_listed_${filters.categoryId === undefined ? '' : 'category_'}${key}`;
/** A sort key's name in a page's rows: `s.rating` → `rating`. */
const pageKey = (column: string) => column.slice('s.'.length);

/**
 * A search's orders over its candidates: relevance (`score`) first under the default order; an explicit
 * price or date order puts its key first and relevance breaks its ties. The id last, as in ORDERS.
 */
const SEARCH_ORDERS: Record<SortOption, Array<[SearchKey, 'ASC' | 'DESC']>> = {
  rating: [['score', 'DESC'], ['rating', 'DESC'], ['createdAt', 'DESC'], ['id', 'DESC']],
  'price-low': [['price', 'ASC'], ['score', 'DESC'], ['id', 'ASC']],
  'price-high': [['price', 'DESC'], ['score', 'DESC'], ['id', 'DESC']],
  newest: [['createdAt', 'DESC'], ['score', 'DESC'], ['id', 'DESC']],
};
type SearchKey = 'score' | 'rating' | 'createdAt' | 'price' | 'id';
/** The keys on one term row (the default order is the index idx_search_terms_ranked, read backwards). */
const TERM_ROW_KEYS: Record<SearchKey, string> = { score: 't.weight', rating: 't.rating', createdAt: 't.createdAt', price: 't.price', id: 't.serviceId' };
/**
 * A several-word search matches among its rarer word's best this many services (or CATALOGUE_MAX_COUNTED,
 * if lower): each candidate may cost a join per other word (rankSeveralWords), so the window is what bounds a
 * search's cost as the catalogue grows. More matches than a client pages through.
 */
const SEVERAL_WORDS_CANDIDATES = 250;
/**
 * Another word's weights on a several-word search's candidates are read from the word's own term rows
 * while it is found in at most this many services per candidate, and joined to each candidate by the
 * primary key above that. A join's point lookup is cheap only with InnoDB's adaptive hash index, which
 * our database servers run with (infra: MariaDB and MySQL 8.4 ship it off); measured serially at 10k with
 * it on (2026-12-08, 2 × AMD EPYC): "deep clean" as candidates and "clean"'s 1,599 own rows 2.5–3.1 ms of
 * MariaDB CPU, with its 229 candidates joined instead 1.75–2.1 ms: ~4.5 µs a joined candidate against
 * ~1.2 µs a row read apart. With the hash index off a joined candidate costs ~7 µs, and the two reads
 * of "deep clean" cost about the same (2.0–2.75 ms joined, 1.9–2.4 ms apart).
 */
const ROWS_PER_JOINED_CANDIDATE = 4;
/**
 * A word's own read lists its services' ids in one GROUP_CONCAT per weight, which MySQL cuts at 1,024 bytes
 * by default (MariaDB at 1 MiB). It is read apart only while found in at most SEVERAL_WORDS_CANDIDATES ×
 * ROWS_PER_JOINED_CANDIDATE services (1,000 ids, ~37 KB); 4 MiB leaves room for 100,000 written meanwhile.
 */
const OWN_WEIGHTS_VARIABLES = { group_concat_max_len: 4 * 1024 * 1024 };

interface RankedRow {
  id: string;
  score: number | string;
}

/** A search's page of ranked ids with its count (capped as a list's). */
interface Ranking {
  ranked: RankedRow[];
  total: number;
  totalCapped: boolean;
}

/** An ORDER BY list of an order's keys (ORDERS, SEARCH_ORDERS), each key named in SQL as `column` maps it. */
const orderSql = <K extends string>(keys: Array<[K, 'ASC' | 'DESC']>, column: (key: K) => string = (key) => key) =>
  keys.map(([key, direction]) => `${column(key)} ${direction}`).join(', ');

/** The present `[condition, value]` pairs as SQL to follow a WHERE (` AND …`), and their parameters. */
function andConditions(pairs: Array<[string, unknown] | false>): { sql: string; parameters: unknown[] } {
  const present = pairs.filter((pair): pair is [string, unknown] => pair !== false);
  return { sql: present.map(([condition]) => ` AND ${condition}`).join(''), parameters: present.map(([, value]) => value) };
}

/** The category and price filters on the term rows' copies. */
function termFilters(filters: Filters): { sql: string; parameters: unknown[] } {
  const bounds = filters.priceRange && PRICE_BOUNDS[filters.priceRange];
  return andConditions([
    filters.categoryId !== undefined && ['t.categoryId = ?', filters.categoryId],
    bounds?.above !== undefined && ['t.price > ?', bounds.above],
    bounds?.atMost !== undefined && ['t.price <= ?', bounds.atMost],
  ]);
}

/** The category and price filters on counter rows (listing-counts.ts), whose cells are whole price buckets. */
function countedCellsFilter(filters: Filters, term?: string): { sql: string; parameters: unknown[] } {
  return andConditions([
    term !== undefined && ['c.term = ?', term],
    filters.categoryId !== undefined && ['c.categoryId = ?', filters.categoryId],
    filters.priceRange !== undefined && ['c.priceRange = ?', filters.priceRange],
  ]);
}

/** The sum of the counter rows of those filters (and term): a statement for a scalar subquery, and its parameters. */
function countedCellsSum(table: string, filters: Filters, term?: string): { sql: string; parameters: unknown[] } {
  const cells = countedCellsFilter(filters, term);
  // Cells that emptied stay as rows of 0.
  return { sql: `SELECT COALESCE(SUM(c.listed), 0) FROM ${table} c WHERE c.listed > 0${cells.sql}`, parameters: cells.parameters };
}

/** Where a list stopped: the sort key of its last card (as stored: a null rating stays null) and its id. */
interface CursorPosition {
  rating?: number | null;
  price?: number;
  createdAt?: Date;
  id: string;
}

/** The next cards' cursor: the sort and the last card's key. */
function writeListCursor(sortBy: SortOption, last: Pick<ServiceListing, 'id' | 'rating' | 'price' | 'createdAt'>): string {
  const key = sortBy === 'rating' ? [last.rating, last.createdAt.getTime()] : sortBy === 'newest' ? [last.createdAt.getTime()] : [last.price];
  return writeCursor(sortBy, [...key, last.id]);
}

/** The position a cursor names, checked against the list's sort; anything else answers 400 naming `after`. */
function readListCursor(cursor: string, sortBy: SortOption): CursorPosition {
  const key = readCursorKey(cursor, sortBy);
  const id = key?.at(-1);
  const time = (value: unknown) => (Number.isSafeInteger(value) ? new Date(value as number) : undefined);
  const position: CursorPosition | undefined =
    !key || typeof id !== 'string' || !UUID.test(id)
      ? undefined
      : sortBy === 'rating' && key.length === 3 && (key[0] === null || Number.isFinite(key[0])) && time(key[1])
        ? { rating: key[0] as number | null, createdAt: time(key[1]), id }
        : sortBy === 'newest' && key.length === 2 && time(key[0])
          ? { createdAt: time(key[0]), id }
          : (sortBy === 'price-low' || sortBy === 'price-high') && key.length === 2 && Number.isFinite(key[0])
            ? { price: key[0] as number, id }
            : undefined;
  if (!position) throw badCursor('after is not a cursor of this list');
  return position;
}

/**
 * The services after `position` in the list order (ORDERS), as a condition on the same index prefix the
 * page reads, and its parameters: it starts at the last card's key instead of skipping rows. Null
 * ratings sort last.
 */
function afterCondition(sortBy: SortOption, position: CursorPosition): { sql: string; parameters: unknown[] } {
  // The time as the datetime columns hold it, UTC `YYYY-MM-DD HH:MM:SS.mmm` (TypeORM's own SQLite
  // conversion): MySQL and SQLite compare it alike.
  const at = position.createdAt && DateUtils.mixedDateToUtcDatetimeString(position.createdAt);
  const newer = { sql: '(s.createdAt < ? OR (s.createdAt = ? AND s.id < ?))', parameters: [at, at, position.id] };
  const byPrice = (direction: '<' | '>') => ({
    sql: `(s.price ${direction} ? OR (s.price = ? AND s.id ${direction} ?))`,
    parameters: [position.price, position.price, position.id],
  });
  switch (sortBy) {
    case 'price-low':
      return byPrice('>');
    case 'price-high':
      return byPrice('<');
    case 'newest':
      return newer;
    default:
      return position.rating === null
        ? { sql: `(s.rating IS NULL AND ${newer.sql})`, parameters: newer.parameters }
        : {
            sql: `(s.rating < ? OR s.rating IS NULL OR (s.rating = ? AND ${newer.sql}))`,
            parameters: [position.rating, position.rating, ...newer.parameters],
          };
  }
}

/** A public service: active, of an approved provider (the copy on the service row, see syncProviderApproval). */
const PUBLIC_SERVICE = "s.status = 'active' AND s.providerApproved = 1";

/**
 * Public services matching the filters, as the WHERE of a read of `services s`, and its parameters.
 * The catalogue's reads are written as SQL rather than built with TypeORM's query builder: rebuilding
 * the same statement text for every request was 7 % of booking's CPU on a list.
 */
function listedWhere(filters: Filters): { sql: string; parameters: unknown[] } {
  const bounds = filters.priceRange && PRICE_BOUNDS[filters.priceRange];
  const { sql, parameters } = andConditions([
    filters.categoryId !== undefined && ['s.categoryId = ?', filters.categoryId],
    bounds?.above !== undefined && ['s.price > ?', bounds.above],
    bounds?.atMost !== undefined && ['s.price <= ?', bounds.atMost],
    filters.excludeId !== undefined && ['s.id <> ?', filters.excludeId],
  ]);
  return { sql: `WHERE ${PUBLIC_SERVICE}${sql}`, parameters };
}

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
  /** A card's select list (service and provider columns, aliased), built once for every card read. */
  private readonly cardColumns: string;
  private readonly detailService;
  private readonly detailProvider;
  private readonly detailColumns: string;
  /** `services s` as a read of public services names it, and the join of its provider. */
  private readonly servicesTable: string;
  private readonly providerJoin: string;
  /** Whether reads name their index (USE INDEX is MySQL's and MariaDB's; SQLite plans its own way). */
  private readonly namesIndexes: boolean;

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
    const selectList = (...projections: Array<{ columns: Array<[string, string]> }>) =>
      projections.flatMap((p) => p.columns.map(([expression, alias]) => `${expression} AS ${alias}`)).join(', ');
    this.cardColumns = selectList(this.summaryService, this.summaryProvider);
    this.detailColumns = selectList(this.detailService, this.detailProvider);
    this.servicesTable = dataSource.getMetadata(ServiceListing).tableName;
    this.providerJoin = `LEFT JOIN ${dataSource.getMetadata(Provider).tableName} p ON p.id = s.providerId`;
    this.namesIndexes = dataSource.options.type === 'mysql' || dataSource.options.type === 'mariadb';
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
      if (!category) return { services: [], ...NO_MATCHES, ...page };
      categoryId = category.id;
    }
    const filters: Filters = { categoryId, priceRange: query.priceRange, words: query.search ? queryWords(query.search) : [] };
    const sortBy = query.sortBy ?? 'rating';
    // "Load more" reads on from the last card's sort key: lists only, in place of a page number.
    const after = query.after === undefined ? undefined : readListCursor(query.after, sortBy);
    if (after && (filters.words.length || query.page !== 1)) throw badCursor('after goes with a list without search words, on page 1');
    const question = { ...filters, sortBy: query.sortBy, ...page, after: query.after };
    const offset = (query.page - 1) * query.limit;
    return this.cached(JSON.stringify(question), async () => {
      if (filters.words.length) return { ...(await this.search(filters, query.sortBy ?? 'rating', query.limit, offset)), ...page };
      // A page past the counted window is not read: the offset would walk the index as far as the count would.
      // A cursor is not bounded by it: its read starts at the last card's key.
      const inWindow = after !== undefined || offset < this.config.CATALOGUE_MAX_COUNTED;
      const { services, last, total } = inWindow
        ? await this.summaries(filters, query.sortBy, query.limit, offset, after, { counted: true })
        : { services: [], last: undefined, total: undefined };
      const count = await this.pageTotal(total, offset === 0 && !after, LISTING_COUNTS_TABLE, filters);
      const nextCursor = last && services.length === query.limit ? writeListCursor(sortBy, last) : undefined;
      return { services, ...count, ...page, ...(nextCursor ? { nextCursor } : {}) };
    });
  }

  /** A public service by id or slug with its reviews and similar services; 404 when missing or not public. */
  async getService(key: string): Promise<ServiceDetailDto> {
    const byId = UUID.test(key);
    const [raw] = await this.readSql<Record<string, unknown>>(
      `SELECT ${this.detailColumns} FROM ${this.servicesFrom(byId ? 'PRIMARY' : 'uq_services_slug')} ${this.providerJoin} ` +
        `WHERE ${PUBLIC_SERVICE} AND ${byId ? 's.id' : 's.slug'} = ? LIMIT 1`,
      [key],
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
    const rows = await this.readSql<Record<string, unknown>>(
      `SELECT ${this.cardColumns} FROM ${this.servicesFrom('PRIMARY')} ${this.providerJoin} ` +
        `WHERE ${PUBLIC_SERVICE} AND s.id IN (${ids.map(() => '?').join(', ')})`,
      [...ids],
    );
    return this.cardsOf(rows);
  }

  /** Cards from rows selected with `cardColumns`. */
  private async cardsOf(rows: Array<Record<string, unknown>>): Promise<ServiceSummaryDto[]> {
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
    // The distinct (category, provider) pairs first, with every column of the index in the DISTINCT:
    // MariaDB/MySQL then skip from pair to pair over idx_services_listed_category_provider (loose index
    // scan, one dive per pair) instead of reading every public service as COUNT(DISTINCT) did.
    const counts = await this.readSql<{ categoryId: number | string; providers: number | string }>(
      `SELECT pairs.categoryId AS categoryId, COUNT(*) AS providers FROM (SELECT DISTINCT s.status AS status, ` +
        `s.providerApproved AS providerApproved, s.categoryId AS categoryId, s.providerId AS providerId ` +
        `FROM ${this.servicesTable} s WHERE ${PUBLIC_SERVICE}) pairs GROUP BY pairs.categoryId`,
      [],
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
  private readSql<T>(sql: string, parameters: unknown[], variables?: StatementVariables): Promise<T[]> {
    return timedRead<T>(this.dataSource, this.config.CATALOGUE_QUERY_TIMEOUT_MS, sql, parameters, variables);
  }

  /**
   * `services s`, read through `index` (see PAGE_INDEX). The provider, when wanted, is a LEFT JOIN (every
   * service has one) that nothing filters on: the database reads services first, in the order of a list
   * index, and looks up a provider per row kept, never providers first.
   */
  private servicesFrom(index: string): string {
    return `${this.servicesTable} s${this.namesIndexes ? ` USE INDEX (${index})` : ''}`;
  }

  /**
   * A statement selecting `select` over the cards of a page chosen apart (`page` selects its ids and sort
   * keys, named as in `keys`, in order): only those services are read, by primary key, with their
   * providers, and put back in order from the page's own rows (sorting by a joined table's columns made
   * MariaDB copy them to a temporary table first). `where` narrows the joined rows.
   */
  private cardsOfPage(select: string, page: string, keys: Array<[string, 'ASC' | 'DESC']>, where = ''): string {
    return (
      `${select} FROM (${page}) pg INNER JOIN ${this.servicesTable} s ON s.id = pg.id ${this.providerJoin}${where} ` +
      `ORDER BY ${orderSql(keys, (key) => `pg.${key}`)}`
    );
  }

  /**
   * The total a page answers with, capped at CATALOGUE_MAX_COUNTED like every count since pages past it
   * are not served: the count the page's rows carry (a scalar subquery of their statement); none for an
   * empty first page, where nothing matched; else (a page past the end, past the window, or after a
   * cursor) read alone from the counter rows the database keeps per category and price bucket (and term,
   * for TERM_COUNTS_TABLE; see listing-counts.ts): at most 48 rows whatever the catalogue's size.
   */
  private async pageTotal(
    carried: number | string | undefined,
    firstPage: boolean,
    table: string,
    filters: Filters,
    term?: string,
  ): Promise<{ total: number; totalCapped: boolean }> {
    if (carried !== undefined) return cappedTotal(carried, this.config.CATALOGUE_MAX_COUNTED);
    if (firstPage) return NO_MATCHES;
    const counted = countedCellsSum(table, filters, term);
    const [row] = await this.readSql<{ total: number | string }>(`SELECT (${counted.sql}) AS total`, counted.parameters);
    return cappedTotal(row?.total, this.config.CATALOGUE_MAX_COUNTED);
  }

  /**
   * One page of cards in one query, read in its list index's order. A first page read whole costs
   * the ~20 rows it shows. A page that would also read rows it does not show (the skipped rows of a
   * deeper page, or the rows a price range rejects under an order that is not by price) is chosen
   * from narrow index rows first (ids and sort keys, index-only), and only its services are then read
   * whole and joined to their providers: skipping never carries descriptions along. `counted` adds the
   * list's count from its counter rows to every row (a scalar subquery MariaDB runs once): one statement
   * per list request, where a second one cost booking a round trip to the database.
   */
  private async summaries(
    filters: Filters,
    sortBy: SortOption | undefined,
    limit: number,
    offset: number,
    after?: CursorPosition,
    { counted = false } = {},
  ): Promise<{ services: ServiceSummaryDto[]; last?: SummaryService; total?: number | string }> {
    const order = sortBy ?? 'rating';
    const keys = ORDERS[order];
    const rowsRejectedByIndex = filters.priceRange !== undefined && PAGE_INDEX[order] !== 'price';
    const where = listedWhere(filters);
    const afterKey = after && afterCondition(order, after);
    const from = this.servicesFrom(listIndex(PAGE_INDEX[order], filters));
    const ordered = `${where.sql}${afterKey ? ` AND ${afterKey.sql}` : ''} ORDER BY ${orderSql(keys)}`;
    const count = counted ? countedCellsSum(LISTING_COUNTS_TABLE, filters) : undefined;
    // The select list comes first in the statement, so do its parameters.
    const select = `SELECT ${this.cardColumns}${count ? `, (${count.sql}) AS total` : ''}`;
    const sql =
      offset === 0 && !rowsRejectedByIndex
        ? `${select} FROM ${from} ${this.providerJoin} ${ordered} LIMIT ${limit}`
        : this.cardsOfPage(
            select,
            `SELECT ${keys.map(([column]) => `${column} AS ${pageKey(column)}`).join(', ')} FROM ${from} ${ordered} LIMIT ${limit} OFFSET ${offset}`,
            keys.map(([column, direction]) => [pageKey(column), direction]),
          );
    const rows = await this.readSql<Record<string, unknown>>(sql, [
      ...(count?.parameters ?? []),
      ...where.parameters,
      ...(afterKey?.parameters ?? []),
    ]);
    const categories = await this.listCategories();
    const stored = rows.map((raw) => this.summaryService.read(raw));
    return {
      services: rows.map((raw, i) => toSummary(stored[i]!, this.summaryProvider.read(raw), categories)),
      last: stored.at(-1),
      total: rows[0]?.total as number | string | undefined,
    };
  }

  /**
   * A page of a search and its count, from the term rows alone (they carry the service's list fields,
   * see syncSearchListing): relevance (the sum over words of the best weight each was found at) first,
   * then the list order; an explicit price or date order wins over relevance, which then breaks ties.
   * Each query word is one term of the index, whatever it is the start of (searchTerms). The count stops
   * at CATALOGUE_MAX_COUNTED like a list's, and so does the window of pages served.
   */
  private async search(
    filters: Filters,
    sortBy: SortOption,
    limit: number,
    offset: number,
  ): Promise<{ services: ServiceSummaryDto[]; total: number; totalCapped: boolean }> {
    const pageLimit = offset < this.config.CATALOGUE_MAX_COUNTED ? limit : 0;
    if (filters.words.length === 1) return this.oneWordPage(filters.words[0]!, filters, sortBy, pageLimit, offset);
    const found = await this.rankSeveralWords(filters, sortBy, pageLimit, offset);
    const cards = new Map((await this.publicCards(found.ranked.map((row) => row.id))).map((card) => [card.id, card]));
    return {
      services: found.ranked.flatMap((row) => cards.get(row.id) ?? []),
      total: found.total,
      totalCapped: found.totalCapped,
    };
  }

  /**
   * One word: its term has one row per service found under it (the key is serviceId, term), so the page
   * is one range of idx_search_terms_ranked (read backwards in the default order), and its ~20 cards are
   * joined to it in the same statement, put back in order from the page's own keys; the count is the
   * term's counter rows, a scalar subquery of that statement. One round trip, where ranking and then
   * reading the cards cost booking two. An empty first page (a word found nowhere) is the whole answer;
   * a page past the end reads its count alone.
   */
  private async oneWordPage(
    word: string,
    filters: Filters,
    sortBy: SortOption,
    limit: number,
    offset: number,
  ): Promise<{ services: ServiceSummaryDto[]; total: number; totalCapped: boolean }> {
    const { sql: filter, parameters } = termFilters(filters);
    const count = countedCellsSum(TERM_COUNTS_TABLE, filters, word);
    const keys = SEARCH_ORDERS[sortBy];
    const rows =
      limit > 0
        ? await this.readSql<Record<string, unknown>>(
            this.cardsOfPage(
              `SELECT ${this.cardColumns}, pg.total AS total`,
              `SELECT ${keys.map(([key]) => `${TERM_ROW_KEYS[key]} AS ${key}`).join(', ')}, (${count.sql}) AS total ` +
                `FROM ${SEARCH_TERMS_TABLE} t WHERE t.listed = 1 AND t.term = ?${filter} ` +
                `ORDER BY ${orderSql(keys, (key) => TERM_ROW_KEYS[key])} LIMIT ${limit} OFFSET ${offset}`,
              keys,
              ` WHERE ${PUBLIC_SERVICE}`,
            ),
            [...count.parameters, word, ...parameters],
          )
        : [];
    const total = await this.pageTotal(rows[0]?.total as number | string | undefined, limit > 0 && offset === 0, TERM_COUNTS_TABLE, filters, word);
    return { services: await this.cardsOf(rows), ...total };
  }

  /**
   * Several words, every one must match. The candidates are the best SEVERAL_WORDS_CANDIDATES (or
   * CATALOGUE_MAX_COUNTED, if lower) services of the word found in the fewest public services under the
   * search's filters (its term's counter rows; equal past the cap), in that word's own rank order
   * (weight, rating, recency): the start of one range of idx_search_terms_ranked. Each other word's
   * weights on them come from the cheaper of two reads for the services it is found in
   * (ROWS_PER_JOINED_CANDIDATE): a common word is joined to each candidate by the primary key
   * (serviceId, term) in the candidates' own statement, so its cost is the window's however common it
   * is; a rare word's own rows are one range of idx_search_terms_ranked narrowed by the filters. The
   * few hundred rows are scored and ordered here. When the driving word had more services than the
   * window, the answer says its count is capped.
   */
  private async rankSeveralWords(filters: Filters, sortBy: SortOption, limit: number, offset: number): Promise<Ranking> {
    const cap = this.config.CATALOGUE_MAX_COUNTED;
    const window = Math.min(cap, SEVERAL_WORDS_CANDIDATES);
    const words = filters.words;
    const counts = words.map((word) => countedCellsSum(TERM_COUNTS_TABLE, filters, word));
    const [sizes] = await this.readSql<Record<string, number | string>>(
      `SELECT ${counts.map((count, i) => `(${count.sql}) AS n${i}`).join(', ')}`,
      counts.flatMap((count) => count.parameters),
    );
    const found = (i: number) => Number(sizes![`n${i}`]);
    const size = (i: number) => Math.min(cap + 1, found(i));
    if (words.some((_, i) => size(i) === 0)) return { ranked: [], ...NO_MATCHES };
    // The rarer word drives; past the cap, words count as equal (the first drives), as a capped count would say.
    let driver = 0;
    words.forEach((_, i) => size(i) < size(driver) && (driver = i));
    const candidateCount = Math.min(size(driver), window);
    // The exact number of rows a word's own read would return, not the capped one: a word past the cap
    // may be found in a hundred times more services.
    const others = words.flatMap((word, i) => (i === driver ? [] : [{ word, joined: found(i) > candidateCount * ROWS_PER_JOINED_CANDIDATE }]));
    const joined = others.filter((other) => other.joined);
    const readApart = others.filter((other) => !other.joined);

    const { sql: filter, parameters: filterParameters } = termFilters(filters);
    const [rows, ...apartWeights] = await Promise.all([
      this.readSql<CandidateRow & { [weight: `w${number}`]: number | string | null }>(
        `SELECT c.*${joined.map((_, j) => `, o${j}.weight AS w${j}`).join('')} FROM (` +
          `SELECT ${CANDIDATE_COLUMNS} FROM ${SEARCH_TERMS_TABLE} t WHERE t.listed = 1 AND t.term = ?${filter} ` +
          `ORDER BY ${orderSql(SEARCH_ORDERS.rating, (key) => TERM_ROW_KEYS[key])} LIMIT ${window + 1}) c` +
          joined.map((_, j) => ` LEFT JOIN ${SEARCH_TERMS_TABLE} o${j} ON o${j}.serviceId = c.id AND o${j}.term = ?`).join(''),
        [words[driver], ...filterParameters, ...joined.map((other) => other.word)],
      ),
      ...readApart.map((other) => this.ownWeights(other.word, filter, filterParameters)),
    ]);
    // The join does not keep the window's order; the one row past the window only says it was full.
    const candidates = rows.sort(compareBy(SEARCH_ORDERS.rating)).slice(0, window);
    const matches = candidates.flatMap((candidate) => {
      let score = Number(candidate.score);
      for (let j = 0; j < joined.length; j++) {
        const weight = candidate[`w${j}`];
        if (weight === null || weight === undefined) return [];
        score += Number(weight);
      }
      for (const weights of apartWeights) {
        const weight = weights.get(candidate.id);
        if (weight === undefined) return [];
        score += weight;
      }
      return [{ id: candidate.id, score, rating: candidate.rating, createdAt: candidate.createdAt, price: candidate.price }];
    });
    matches.sort(compareBy(SEARCH_ORDERS[sortBy]));
    return {
      ranked: matches.slice(offset, offset + limit).map(({ id, score }) => ({ id, score })),
      total: Math.min(matches.length, cap),
      totalCapped: matches.length > cap || rows.length > window,
    };
  }

  /**
   * The weight `word` is found at on each public service under the search's filters (`filter` on the term
   * rows). The services come as one list of ids per weight (a word has a handful of weights), so the driver
   * parses a few rows rather than one per service: for "deep clean"'s 1,599 that was ~40 % less of booking's
   * CPU for this read, at the same cost to MariaDB.
   */
  private async ownWeights(word: string, filter: string, filterParameters: unknown[]): Promise<Map<string, number>> {
    const groups = await this.readSql<{ weight: number | string; ids: string }>(
      `SELECT t.weight AS weight, GROUP_CONCAT(t.serviceId) AS ids FROM ${SEARCH_TERMS_TABLE} t WHERE t.listed = 1 AND t.term = ?${filter} GROUP BY t.weight`,
      [word, ...filterParameters],
      OWN_WEIGHTS_VARIABLES,
    );
    const weights = new Map<string, number>();
    for (const group of groups) for (const id of String(group.ids).split(',')) weights.set(id, Number(group.weight));
    return weights;
  }
}

/** A candidate service of a search as read from its term rows (the list fields as the driver returns them). */
interface CandidateRow {
  id: string;
  score: number | string;
  rating: number | string | null;
  createdAt: Date | string;
  price: number | string;
}

/** A term row as a candidate: its service, the weight it was found at, and the service's list fields. */
const CANDIDATE_COLUMNS = 't.serviceId AS id, t.weight AS score, t.rating AS rating, t.createdAt AS createdAt, t.price AS price';

/** The count of an empty first page: nothing matched, so nothing to read. */
const NO_MATCHES = { total: 0, totalCapped: false } as const;

/** A count read up to one past the cap, as the API answers it. */
function cappedTotal(counted: number | string | undefined, cap: number): { total: number; totalCapped: boolean } {
  const total = Number(counted ?? 0);
  return { total: Math.min(total, cap), totalCapped: total > cap };
}

/**
 * The database's order over candidates, in code: numbers as numbers, dates as the instants they are (or
 * the sortable text SQLite keeps), ids as text, and NULL below every value as MariaDB and SQLite sort it.
 */
function compareBy(keys: Array<[SearchKey, 'ASC' | 'DESC']>) {
  const value = (row: CandidateRow, key: SearchKey): number | string | null => {
    const raw = row[key];
    if (raw === null) return null;
    if (key === 'id') return String(raw);
    if (key === 'createdAt') return raw instanceof Date ? raw.getTime() : String(raw);
    return Number(raw);
  };
  return (a: CandidateRow, b: CandidateRow) => {
    for (const [key, direction] of keys) {
      const [x, y] = [value(a, key), value(b, key)];
      const order = x === y ? 0 : x === null ? -1 : y === null ? 1 : x < y ? -1 : 1;
      if (order !== 0) return direction === 'ASC' ? order : -order;
    }
    return 0;
  };
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
