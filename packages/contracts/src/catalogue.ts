import type { ReviewDto } from './reviews.js';
import type { ProviderDisputeRecord } from './disputes.js';
import type { PriceRange, SortOption } from './constants.js';
import type { PriceType } from './enums.js';

export interface LocalizedText {
  en: string;
  ar: string;
}

export interface ServiceCategoryDto {
  id: number;
  slug: string;
  name: string;
  nameAr: string;
  description: string;
  descriptionAr: string;
  icon: string;
  color: string;
  startingPrice: number;
  providerCount: number;
}

export interface ServiceProviderSummary {
  id: string;
  name: string;
  nameAr: string;
  avatar: string | null;
  rating: number;
  completedJobs: number;
  verified: boolean;
}

export interface ServiceSummaryDto {
  id: string;
  slug: string;
  categoryId: number;
  categorySlug: string;
  title: string;
  titleAr: string;
  description: string;
  descriptionAr: string;
  price: number;
  priceType: PriceType;
  duration: number;
  location: string;
  locationAr: string;
  rating: number;
  reviewCount: number;
  imageUrl: string | null;
  createdAt: string;
  provider: ServiceProviderSummary;
}

export interface ServiceListResponse {
  services: ServiceSummaryDto[];
  /** Matching services, counted up to a cap (1,000 by default), searches included. */
  total: number;
  /** True when more services match than `total` says: the count stopped at its cap. */
  totalCapped: boolean;
  page: number;
  limit: number;
  /**
   * On a list without search words, when more services may follow this page: pass it back as `after`
   * (same filters and sort) for the next cards ("load more"), read from just after this page's last
   * card by its sort key, however deep, and beyond the counted window too.
   */
  nextCursor?: string;
}

export type WeekDay = 'sunday' | 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday';
export const WEEK_DAYS: readonly WeekDay[] = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
/** Opening hours per day as [open, close] ('HH:MM'), or null when closed. */
export type WeeklyAvailability = Record<WeekDay, [string, string] | null>;

/** `GET /api/services/{id or slug}` */
export interface ServiceDetailDto extends ServiceSummaryDto {
  features: string[];
  featuresAr: string[];
  images: string[];
  category: Pick<ServiceCategoryDto, 'id' | 'slug' | 'name' | 'nameAr' | 'icon' | 'color'>;
  provider: ServiceProviderSummary & {
    bio: string;
    bioAr: string;
    city: string;
    cityAr: string;
    responseTimeMinutes: number;
    /** E.164-style number for the Call link; null when the provider gave none. */
    phone: string | null;
    languages: string[];
    joinedAt: string;
    weeklyAvailability: WeeklyAvailability;
    /** Resolved disputes about this provider's jobs, and how many ended in a refund (docs/disputes.md). */
    disputes: ProviderDisputeRecord;
  };
  reviews: ReviewDto[];
  similar: ServiceSummaryDto[];
}

/** Query of `GET /api/services`; every field optional, bad values answer 400 naming the field. */
export interface ServiceListQuery {
  category?: string;
  search?: string;
  priceRange?: PriceRange;
  sortBy?: SortOption;
  page?: number;
  limit?: number;
  /** The `nextCursor` of the previous answer (lists only, page 1 only). */
  after?: string;
}
export const SERVICE_LIST_LIMITS = { defaultLimit: 20, maxLimit: 100 } as const;
