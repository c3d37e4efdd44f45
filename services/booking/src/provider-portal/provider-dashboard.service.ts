import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  BOOKING_TABS,
  type BookingStatus,
  type EarningsPeriod,
  type EarningsSeriesDto,
  type ProviderBookingRowDto,
  type ProviderBookingsResponse,
  type ProviderStatsDto,
} from '@khidma/contracts';
import { type AuthUser, Clock, SERVICE_CONFIG, zonedToday } from '@khidma/nest-kit';
import { DataSource } from 'typeorm';
import { allowedActions, paidOf, seriesInfo } from '../bookings/booking-rules.js';
import { Booking } from '../bookings/entities/booking.entity.js';
import { centsToMoney, toCents, toMoney } from '../bookings/money.js';
import { ServiceListing } from '../catalogue/entities/service-listing.entity.js';
import type { BookingConfig } from '../config.js';
import type { BookingPeriod } from './dto/period.query.js';
import { earningsBuckets, periodStart } from './periods.js';
import { ProviderProfiles } from './provider-profiles.js';

const OPEN: readonly BookingStatus[] = BOOKING_TABS.upcoming;
/** Earnings are what clients paid for finished work. */
const EARNED = { status: 'completed', paymentStatus: 'paid' } as const;
const slot = (booking: Booking) => `${booking.scheduledDate} ${booking.scheduledTime}`;

/** The provider dashboard's read side: its bookings, headline figures and earnings over time. */
@Injectable()
export class ProviderDashboardService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly profiles: ProviderProfiles,
    private readonly clock: Clock,
    @Inject(SERVICE_CONFIG) private readonly config: BookingConfig,
  ) {}

  /**
   * Bookings scheduled from the period's start on (future ones always included). Open bookings
   * (pending, accepted, in progress) come first, soonest first, so the next job is on top; finished
   * and cancelled ones follow, latest first.
   */
  async bookings(user: AuthUser, period: BookingPeriod): Promise<ProviderBookingsResponse> {
    const provider = await this.profiles.of(user);
    const now = this.clock.now();
    const from = periodStart(period, this.today(now));
    const query = this.dataSource
      .getRepository(Booking)
      .createQueryBuilder('b')
      .where('b.providerId = :providerId', { providerId: provider.id });
    if (from) query.andWhere('b.scheduledDate >= :from', { from });
    const bookings = await query.orderBy('b.scheduledDate', 'ASC').addOrderBy('b.scheduledTime', 'ASC').addOrderBy('b.id', 'ASC').getMany();
    const open = bookings.filter((booking) => OPEN.includes(booking.status));
    const closed = bookings.filter((booking) => !OPEN.includes(booking.status)).sort((a, b) => slot(b).localeCompare(slot(a)));
    return {
      bookings: [...open, ...closed].map(
        (booking): ProviderBookingRowDto => ({
          id: booking.id,
          bookingNumber: booking.bookingNumber,
          clientName: booking.clientName,
          // Avatars live with identity's accounts; bookings do not copy them.
          clientAvatar: null,
          service: booking.serviceTitle,
          serviceAr: booking.serviceTitleAr,
          date: booking.scheduledDate,
          time: booking.scheduledTime,
          status: booking.status,
          paymentStatus: booking.paymentStatus,
          amount: booking.totalAmount,
          paid: paidOf(booking),
          series: seriesInfo(booking),
          actions: allowedActions(booking, 'provider', now),
        }),
      ),
    };
  }

  /**
   * Spec §3 provider stats. totalBookings: every booking but cancelled ones; totalEarnings: completed
   * and paid; averageRating: the mean of all review stars on its services (null before the first);
   * activeServices: those live in the catalogue (approved and not switched off).
   */
  async stats(user: AuthUser): Promise<ProviderStatsDto> {
    const provider = await this.profiles.of(user);
    const bookings = () => this.dataSource.getRepository(Booking).createQueryBuilder('b').where('b.providerId = :id', { id: provider.id });
    const services = () =>
      this.dataSource.getRepository(ServiceListing).createQueryBuilder('s').where('s.providerId = :id', { id: provider.id });
    const [totalBookings, earned, ratings, activeServices] = await Promise.all([
      bookings().andWhere('b.status <> :cancelled', { cancelled: 'cancelled' }).getCount(),
      bookings()
        .select('SUM(b.totalAmount)', 'total')
        .andWhere('b.status = :status AND b.paymentStatus = :paymentStatus', EARNED)
        .getRawOne<{ total: string | number | null }>(),
      // Each service stores the mean of its reviews and their count: weighted, they give the mean of all.
      services()
        .select('SUM(s.rating * s.reviewCount)', 'stars')
        .addSelect('SUM(s.reviewCount)', 'reviews')
        .andWhere('s.reviewCount > 0')
        .getRawOne<{ stars: string | number | null; reviews: string | number | null }>(),
      services().andWhere('s.status = :active', { active: 'active' }).getCount(),
    ]);
    const reviews = Number(ratings?.reviews ?? 0);
    return {
      totalBookings,
      totalEarnings: toMoney(earned?.total ?? 0),
      averageRating: reviews ? Math.round((Number(ratings!.stars) / reviews) * 100) / 100 : null,
      activeServices,
    };
  }

  /**
   * Completed and paid bookings per bucket, by the day the work was scheduled in the marketplace's
   * zone. Summed here rather than in SQL: a period holds a provider's few hundred rows at most, and
   * date grouping differs between MySQL and SQLite.
   */
  async earnings(user: AuthUser, period: EarningsPeriod): Promise<EarningsSeriesDto> {
    const provider = await this.profiles.of(user);
    const today = this.today(this.clock.now());
    const { from, buckets, bucketOf } = earningsBuckets(period, today);
    const rows = await this.dataSource
      .getRepository(Booking)
      .createQueryBuilder('b')
      .select(['b.scheduledDate', 'b.totalAmount'])
      .where('b.providerId = :providerId', { providerId: provider.id })
      .andWhere('b.status = :status AND b.paymentStatus = :paymentStatus', EARNED)
      .andWhere('b.scheduledDate >= :from AND b.scheduledDate <= :today', { from, today })
      .getMany();
    const totals = new Map(buckets.map((bucket) => [bucket, { cents: 0, bookings: 0 }]));
    for (const row of rows) {
      const total = totals.get(bucketOf(row.scheduledDate));
      if (!total) continue;
      total.cents += toCents(row.totalAmount);
      total.bookings += 1;
    }
    return {
      period,
      points: buckets.map((bucket) => ({ bucket, earnings: centsToMoney(totals.get(bucket)!.cents), bookings: totals.get(bucket)!.bookings })),
    };
  }

  private today(now: Date) {
    return zonedToday(now, this.config.MARKETPLACE_TIMEZONE);
  }
}
