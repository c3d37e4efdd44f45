import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type {
  AdminProviderRowDto,
  AdminServiceRowDto,
  AdminStatsDto,
  BookingDto,
  PagedResponse,
  PendingApprovalsResponse,
} from '@khidma/contracts';
import { Clock, SERVICE_CONFIG, zonedToday } from '@khidma/nest-kit';
import { Brackets, DataSource } from 'typeorm';
import { BookingsService } from '../bookings/bookings.service.js';
import { Booking } from '../bookings/entities/booking.entity.js';
import { centsToMoney, toCents } from '../bookings/money.js';
import { Provider } from '../catalogue/entities/provider.entity.js';
import { ServiceListing } from '../catalogue/entities/service-listing.entity.js';
import type { BookingConfig } from '../config.js';
import { pageOf, whereAnyContains } from '../database/admin-lists.js';
import { ProviderApplication } from '../provider-applications/entities/provider-application.entity.js';
import { ProviderApplicationsService } from '../provider-applications/provider-applications.service.js';
import { serviceBookingCounts, toProviderServiceDto } from '../provider-portal/service-fields.js';
import type { AdminBookingsQuery, AdminProvidersQuery, AdminServicesQuery } from './dto/admin.dto.js';

/** Days in the dashboard's series, today included. */
export const STATS_SERIES_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** What the admin panel reads: the review queue, the dashboard figures and the searchable lists. */
@Injectable()
export class AdminService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly applications: ProviderApplicationsService,
    private readonly bookingViews: BookingsService,
    private readonly clock: Clock,
    @Inject(SERVICE_CONFIG) private readonly config: BookingConfig,
  ) {}

  /** Pending applications (oldest first, with their documents) and services awaiting a decision. */
  async pendingApprovals(): Promise<PendingApprovalsResponse> {
    const applications = await this.dataSource
      .getRepository(ProviderApplication)
      .find({ where: { status: 'pending' }, order: { createdAt: 'ASC', id: 'ASC' } });
    const services = await this.dataSource
      .getRepository(ServiceListing)
      .createQueryBuilder('s')
      .leftJoinAndSelect('s.provider', 'p')
      .where(new Brackets((where) => where.where('s.status = :pending', { pending: 'pending' }).orWhere('s.revisionSubmittedAt IS NOT NULL')))
      .orderBy('s.createdAt', 'ASC')
      .addOrderBy('s.id', 'ASC')
      .getMany();
    const bookings = await serviceBookingCounts(this.dataSource.manager, services.map((service) => service.id));
    return {
      providers: await this.applications.withDocuments(applications),
      services: services.map((service) => ({
        ...toProviderServiceDto(service, bookings.get(service.id) ?? 0),
        providerId: service.providerId,
        providerName: service.provider?.businessName ?? '',
        // When it entered the queue: a change of a live service waits since it was submitted.
        createdAt: (service.revisionSubmittedAt ?? service.createdAt).toISOString(),
        changed: service.pendingRevision !== null,
      })),
      counts: { providers: applications.length, services: services.length },
    };
  }

  /**
   * Booking's part of the dashboard (the gateway adds totalUsers): approved providers, completed
   * bookings, revenue (paid, so never refunded) and bookings and revenue per marketplace day.
   */
  async stats(): Promise<Omit<AdminStatsDto, 'totalUsers'>> {
    const bookings = this.dataSource.getRepository(Booking);
    const [activeProviders, completedBookings, revenue] = await Promise.all([
      this.dataSource.getRepository(Provider).countBy({ status: 'approved' }),
      bookings.countBy({ status: 'completed' }),
      bookings
        .createQueryBuilder('b')
        .select('COALESCE(SUM(b.totalAmount), 0)', 'total')
        .where('b.paymentStatus = :paid', { paid: 'paid' })
        .getRawOne<{ total: string | number }>(),
    ]);

    const now = this.clock.now();
    const zone = this.config.MARKETPLACE_TIMEZONE;
    const days = Array.from({ length: STATS_SERIES_DAYS }, (_, i) => zonedToday(new Date(now.getTime() - (STATS_SERIES_DAYS - 1 - i) * DAY_MS), zone));
    // A day more than the window, so the first marketplace day is whole whatever the zone's offset.
    const recent = await bookings
      .createQueryBuilder('b')
      .select(['b.createdAt', 'b.totalAmount', 'b.paymentStatus'])
      .where('b.createdAt >= :since', { since: new Date(now.getTime() - (STATS_SERIES_DAYS + 1) * DAY_MS) })
      .getMany();
    const perDay = new Map(days.map((day) => [day, { bookings: 0, cents: 0 }]));
    for (const booking of recent) {
      const day = perDay.get(zonedToday(booking.createdAt, zone));
      if (!day) continue;
      day.bookings += 1;
      if (booking.paymentStatus === 'paid') day.cents += toCents(booking.totalAmount);
    }
    return {
      activeProviders,
      completedBookings,
      revenue: centsToMoney(toCents(revenue?.total ?? 0)),
      series: days.map((day) => ({ day, bookings: perDay.get(day)!.bookings, revenue: centsToMoney(perDay.get(day)!.cents) })),
    };
  }

  async providers(query: AdminProvidersQuery): Promise<PagedResponse<AdminProviderRowDto>> {
    const builder = this.dataSource.getRepository(Provider).createQueryBuilder('p');
    if (query.status) builder.andWhere('p.status = :status', { status: query.status });
    whereAnyContains(builder, ['p.businessName', 'p.businessNameAr', 'p.city', 'p.cityAr', 'p.email'], query.search);
    const page = await pageOf(builder.orderBy('p.createdAt', 'DESC').addOrderBy('p.id', 'ASC'), query);
    return {
      ...page,
      items: page.items.map((p) => ({
        id: p.id,
        userId: p.userId,
        businessName: p.businessName,
        businessNameAr: p.businessNameAr,
        city: p.city,
        cityAr: p.cityAr,
        categoryId: p.categoryId,
        status: p.status,
        rating: p.rating,
        completedJobs: p.completedJobs,
        verified: Boolean(p.verified),
        email: p.email,
        phone: p.phone,
        joinedAt: String(p.joinedAt),
      })),
    };
  }

  async services(query: AdminServicesQuery): Promise<PagedResponse<AdminServiceRowDto>> {
    const builder = this.dataSource.getRepository(ServiceListing).createQueryBuilder('s').leftJoinAndSelect('s.provider', 'p');
    if (query.status) builder.andWhere('s.status = :status', { status: query.status });
    whereAnyContains(builder, ['s.title', 's.titleAr', 'p.businessName', 'p.businessNameAr'], query.search);
    const page = await pageOf(builder.orderBy('s.createdAt', 'DESC').addOrderBy('s.id', 'ASC'), query);
    const bookings = await serviceBookingCounts(this.dataSource.manager, page.items.map((service) => service.id));
    return {
      ...page,
      items: page.items.map((service) => ({
        ...toProviderServiceDto(service, bookings.get(service.id) ?? 0),
        slug: service.slug,
        providerId: service.providerId,
        providerName: service.provider?.businessName ?? '',
        createdAt: service.createdAt.toISOString(),
      })),
    };
  }

  /** Every booking, newest first, as the booking pages show it (an admin may act on both sides). */
  async bookings(query: AdminBookingsQuery): Promise<PagedResponse<BookingDto>> {
    const builder = this.dataSource.getRepository(Booking).createQueryBuilder('b');
    if (query.status) builder.andWhere('b.status = :status', { status: query.status });
    whereAnyContains(builder, ['b.bookingNumber', 'b.clientName', 'b.serviceTitle', 'b.serviceTitleAr', 'b.clientEmail'], query.search);
    const page = await pageOf(builder.orderBy('b.createdAt', 'DESC').addOrderBy('b.id', 'ASC'), query);
    return { ...page, items: await this.bookingViews.toDtos(page.items, () => 'admin') };
  }

}
