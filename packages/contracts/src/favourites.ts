import type { ServiceProviderSummary, ServiceSummaryDto } from './catalogue.js';
import type { PriceType } from './enums.js';

/** What a client can save: a service, or a provider as a whole. */
export type FavouriteKind = 'service' | 'provider';
export const FAVOURITE_KINDS: readonly FavouriteKind[] = ['service', 'provider'];

/** "Available this week" looks at today and the six days after it (marketplace zone). */
export const FAVOURITE_AVAILABILITY_DAYS = 7;

/** A saved service: its card, whether a slot is free in the coming week, and when it was saved. */
export interface FavouriteServiceDto {
  service: ServiceSummaryDto;
  /** At least one start time a booking of this service could take in the next 7 days (today included). */
  availableThisWeek: boolean;
  savedAt: string;
}

/** One of a saved provider's listed services, for the links on its card. */
export interface FavouriteProviderServiceDto {
  id: string;
  slug: string;
  title: string;
  titleAr: string;
  price: number;
  priceType: PriceType;
}

/** A saved provider: its card fields, its listed services, week availability and when it was saved. */
export interface FavouriteProviderDto {
  provider: ServiceProviderSummary & { city: string; cityAr: string };
  /** The provider's public services (a saved provider always has at least one; one without any is not listed). */
  services: FavouriteProviderServiceDto[];
  /** A free slot for at least one of its services in the next 7 days (today included). */
  availableThisWeek: boolean;
  savedAt: string;
}

/**
 * `GET /api/favourites`: the caller's saved services and providers, newest first. Only what the
 * public catalogue shows is listed: a saved service that is hidden, paused or whose provider is no
 * longer approved (or a provider no longer approved, or with no public service) is left out until it
 * is public again; the saved row stays.
 */
export interface FavouritesResponse {
  services: FavouriteServiceDto[];
  providers: FavouriteProviderDto[];
}

/** `PUT` / `DELETE /api/favourites/{services|providers}/{id}`: the state after the call (both idempotent). */
export interface FavouriteStateResponse {
  kind: FavouriteKind;
  id: string;
  favourite: boolean;
}
