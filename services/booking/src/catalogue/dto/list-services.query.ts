import { PRICE_RANGES, type PriceRange, SERVICE_LIST_LIMITS, SORT_OPTIONS, type SortOption } from '@khidma/contracts';
import { TrimToUndefined } from '@khidma/nest-kit';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';

const MAX_TEXT = 100;
/** A cursor holds a sort key and an id, base64url-encoded: far below this. */
const MAX_CURSOR = 200;

/**
 * `GET /api/services`: every field optional; a bad value or an unknown field answers 400 naming it.
 * A field reports its first failed check, and class-validator runs them from the bottom up: the type
 * check sits lowest, so `limit=ten` is reported as not a whole number rather than as too large.
 */
export class ListServicesQuery {
  // Blank text counts as absent: the catalogue page sends `search=` while the box is empty.
  /** A category slug (`petcare`) or its English or Arabic name (`Pet Care`), any case or letter variant. */
  @IsOptional()
  @TrimToUndefined()
  @MaxLength(MAX_TEXT)
  @IsString()
  category?: string;

  /** Words in English or Arabic; every word must occur in the title, description, category or provider name. */
  @IsOptional()
  @TrimToUndefined()
  @MaxLength(MAX_TEXT)
  @IsString()
  search?: string;

  /** Dollars: 0-25 is [0, 25], 25-50 is (25, 50], 50-100 is (50, 100], 100+ is above 100. */
  @IsOptional()
  @IsIn(PRICE_RANGES)
  priceRange?: PriceRange;

  @IsOptional()
  @IsIn(SORT_OPTIONS)
  sortBy?: SortOption;

  @IsOptional()
  @Type(() => Number)
  @Max(SERVICE_LIST_LIMITS.maxLimit)
  @Min(1)
  @IsInt()
  limit: number = SERVICE_LIST_LIMITS.defaultLimit;

  @IsOptional()
  @Type(() => Number)
  @Min(1)
  @IsInt()
  page: number = 1;

  /** The `nextCursor` of the previous answer: the next cards of the same list after its last one ("load more"). */
  @IsOptional()
  @Matches(/^[A-Za-z0-9_-]+$/)
  @MaxLength(MAX_CURSOR)
  @IsString()
  after?: string;
}
