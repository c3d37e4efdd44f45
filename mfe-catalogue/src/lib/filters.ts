import {
  DEFAULT_SORT,
  PRICE_RANGES,
  SERVICE_LIST_LIMITS,
  SORT_OPTIONS,
  type PriceRange,
  type ServiceListQuery,
  type SortOption,
} from '@khidma/contracts';

export const VIEW_MODES = ['category', 'list'] as const;
export type ViewMode = (typeof VIEW_MODES)[number];
export const DEFAULT_VIEW: ViewMode = 'category';

/** The catalogue's filter state (spec §4). It lives in the URL so links, reloads and history restore it. */
export interface Filters {
  category: string;
  search: string;
  priceRange: PriceRange | undefined;
  sortBy: SortOption;
  view: ViewMode;
  page: number;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((v) => v === value);

/** Reads filters from the query string; unknown values fall back to the defaults instead of failing. */
export function parseFilters(params: URLSearchParams): Filters {
  const page = Number(params.get('page'));
  return {
    category: params.get('category')?.trim() ?? '',
    search: params.get('search') ?? '',
    priceRange: oneOf(PRICE_RANGES, params.get('priceRange')),
    sortBy: oneOf(SORT_OPTIONS, params.get('sortBy')) ?? DEFAULT_SORT,
    view: oneOf(VIEW_MODES, params.get('view')) ?? DEFAULT_VIEW,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** Writes filters back, leaving defaults out so the plain /services link and the landing links stay canonical. */
export function filtersToParams(filters: Filters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.category) params.set('category', filters.category);
  if (filters.search.trim()) params.set('search', filters.search.trim());
  if (filters.priceRange) params.set('priceRange', filters.priceRange);
  if (filters.sortBy !== DEFAULT_SORT) params.set('sortBy', filters.sortBy);
  if (filters.view !== DEFAULT_VIEW) params.set('view', filters.view);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/**
 * The API query for the filters. Defaults are omitted: the API applies the same ones, and an
 * older API that does not know a parameter yet rejects it (400), so only chosen filters are sent.
 */
export function servicesPath(filters: Filters): string {
  const query: ServiceListQuery = {
    category: filters.category || undefined,
    search: filters.search.trim() || undefined,
    priceRange: filters.priceRange,
    sortBy: filters.sortBy === DEFAULT_SORT ? undefined : filters.sortBy,
    page: filters.page > 1 ? filters.page : undefined,
    limit: SERVICE_LIST_LIMITS.defaultLimit,
  };
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  return `/services?${params.toString()}`;
}

export const hasActiveFilters = (f: Filters): boolean => Boolean(f.category || f.search.trim() || f.priceRange);
