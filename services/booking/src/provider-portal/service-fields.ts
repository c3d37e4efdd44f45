import { DISPLAY_DEFAULTS, type ProviderServiceDto, type ProviderServiceRequest } from '@khidma/contracts';
import type { EntityManager } from 'typeorm';
import { Booking } from '../bookings/entities/booking.entity.js';
import type { ServiceListing } from '../catalogue/entities/service-listing.entity.js';

type ReviewedColumns = Pick<
  ServiceListing,
  'categoryId' | 'title' | 'titleAr' | 'description' | 'descriptionAr' | 'price' | 'priceType' | 'durationMinutes'
>;

/** A provider's request as the service's columns (the API's `duration` is the column `durationMinutes`). */
export function serviceColumns(request: ProviderServiceRequest): ReviewedColumns {
  return {
    categoryId: request.categoryId,
    title: request.title,
    titleAr: request.titleAr,
    description: request.description,
    descriptionAr: request.descriptionAr,
    price: request.price,
    priceType: request.priceType,
    durationMinutes: request.duration,
  };
}

/** The service's live reviewed fields in the request's shape. */
export function serviceRequestOf(service: ServiceListing): ProviderServiceRequest {
  return {
    categoryId: service.categoryId,
    title: service.title,
    titleAr: service.titleAr,
    description: service.description,
    descriptionAr: service.descriptionAr,
    price: service.price,
    priceType: service.priceType,
    duration: service.durationMinutes ?? DISPLAY_DEFAULTS.durationMinutes,
  };
}

export const sameRequest = (a: ProviderServiceRequest, b: ProviderServiceRequest) =>
  (Object.keys(a) as (keyof ProviderServiceRequest)[]).every((key) => a[key] === b[key]);

/** Spec §3 provider-view service: the live fields, with any change still under review beside them. */
export function toProviderServiceDto(service: ServiceListing, bookings: number): ProviderServiceDto {
  return {
    id: service.id,
    ...serviceRequestOf(service),
    bookings,
    rating: service.rating,
    status: service.status,
    rejectionReason: service.rejectionReason,
    pendingRevision:
      service.pendingRevision && service.revisionSubmittedAt
        ? { ...service.pendingRevision, submittedAt: service.revisionSubmittedAt.toISOString() }
        : null,
  };
}

/** A service's `bookings` figure: its bookings, cancelled ones aside (the provider's list and the admin's alike). */
export async function serviceBookingCounts(manager: EntityManager, serviceIds: string[]): Promise<Map<string, number>> {
  if (!serviceIds.length) return new Map();
  const counts = await manager
    .getRepository(Booking)
    .createQueryBuilder('b')
    .select('b.serviceId', 'serviceId')
    .addSelect('COUNT(*)', 'bookings')
    .where('b.serviceId IN (:...serviceIds)', { serviceIds })
    .andWhere('b.status <> :cancelled', { cancelled: 'cancelled' })
    .groupBy('b.serviceId')
    .getRawMany<{ serviceId: string; bookings: number | string }>();
  return new Map(counts.map((row) => [row.serviceId, Number(row.bookings)]));
}

/** A readable, unique slug: the English title's words and the start of the id. */
export function serviceSlug(title: string, id: string): string {
  const words = title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return `${words || 'service'}-${id.slice(0, 8)}`;
}
