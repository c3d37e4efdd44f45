import { randomUUID } from 'node:crypto';
import { ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type {
  BookingReviewResponse,
  RatingHistogram,
  ReviewDetailDto,
  ReviewListResponse,
  ServiceReviewsResponse,
} from '@khidma/contracts';
import { type AuthUser, Clock } from '@khidma/nest-kit';
import { DataSource, type EntityManager, In, IsNull } from 'typeorm';
import { pageOf, whereAnyContains } from '../database/admin-lists.js';
import { AdminAuditLog } from '../audit/admin-audit.service.js';
import { bookingNotFound } from '../bookings/bookings.service.js';
import { relationTo } from '../bookings/booking-rules.js';
import { Booking } from '../bookings/entities/booking.entity.js';
import { BookingTransactions, isDuplicateKey } from '../bookings/transactions.js';
import { Provider } from '../catalogue/entities/provider.entity.js';
import { Review } from '../catalogue/entities/review.entity.js';
import { ServiceListing } from '../catalogue/entities/service-listing.entity.js';
import { ProviderProfiles } from '../provider-portal/provider-profiles.js';
import type { AdminReviewsQuery, CreateReviewDto, HideReviewDto, ReplyToReviewDto, ReviewPageQuery, UpdateReviewDto } from './dto/review.dto.js';
import { recomputeRatings } from './review-aggregates.js';
import { type ReviewServiceTitles, toReviewDetail, toReviewDto } from './review-views.js';

const reviewNotFound = () => new NotFoundException({ code: 'not_found', message: 'Review not found' });
const alreadyReviewed = () => new ConflictException({ code: 'already_reviewed', message: 'This booking has already been reviewed' });

/**
 * Reviews of completed bookings. Every write runs in one transaction that first locks the row it
 * starts from (the booking or the review), then the provider's row, and ends by recomputing the
 * service's and the provider's aggregates: review writes of one provider take turns on that lock, so
 * concurrent reviews can neither lose an update of the aggregates nor review one booking twice.
 */
@Injectable()
export class ReviewsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly transactions: BookingTransactions,
    private readonly clock: Clock,
    private readonly profiles: ProviderProfiles,
    private readonly audit: AdminAuditLog,
  ) {}

  /** Visible reviews of a public service, newest first, with the stars' histogram and mean. */
  async forService(serviceId: string, { page, pageSize }: ReviewPageQuery): Promise<ServiceReviewsResponse> {
    const service = await this.dataSource
      .getRepository(ServiceListing)
      .createQueryBuilder('s')
      .innerJoin(Provider, 'p', 'p.id = s.providerId')
      .where('s.id = :serviceId AND s.status = :active AND p.status = :approved', { serviceId, active: 'active', approved: 'approved' })
      .getOne();
    if (!service) throw new NotFoundException({ code: 'not_found', message: `No service ${serviceId}` });
    const visible = { serviceId, hiddenAt: IsNull() };
    const [reviews, counts] = await Promise.all([
      this.dataSource.getRepository(Review).find({ where: visible, order: { createdAt: 'DESC', id: 'DESC' }, skip: (page - 1) * pageSize, take: pageSize }),
      this.dataSource
        .getRepository(Review)
        .createQueryBuilder('r')
        .select('r.rating', 'rating')
        .addSelect('COUNT(*)', 'count')
        .where('r.serviceId = :serviceId AND r.hiddenAt IS NULL', { serviceId })
        .groupBy('r.rating')
        .getRawMany<{ rating: number | string; count: number | string }>(),
    ]);
    const histogram: RatingHistogram = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
    for (const row of counts) histogram[String(row.rating) as keyof RatingHistogram] = Number(row.count);
    const total = Object.values(histogram).reduce((sum, n) => sum + n, 0);
    const stars = Object.entries(histogram).reduce((sum, [rating, n]) => sum + Number(rating) * n, 0);
    return {
      reviews: reviews.map(toReviewDto),
      total,
      page,
      pageSize,
      average: total ? Math.round((stars / total) * 100) / 100 : null,
      histogram,
    };
  }

  /** The booking's review (its client, its provider, an admin; anyone else 404) and whether the caller may write it. */
  async forBooking(user: AuthUser, bookingId: string): Promise<BookingReviewResponse> {
    const booking = await this.dataSource.getRepository(Booking).findOneBy({ id: bookingId });
    const provider = booking && (await this.dataSource.getRepository(Provider).findOneBy({ id: booking.providerId }));
    if (!booking || !provider || relationTo(booking, provider, user) === 'none') throw bookingNotFound();
    const review = await this.dataSource.getRepository(Review).findOneBy({ bookingId });
    return {
      review: review && toReviewDetail(review, titlesOf(booking), { user, providerUserId: provider.userId, now: this.clock.now() }),
      canReview: !review && booking.clientId === user.id && booking.status === 'completed',
    };
  }

  /** The booking's client rates a completed booking, once. */
  create(user: AuthUser, bookingId: string, dto: CreateReviewDto): Promise<ReviewDetailDto> {
    return this.transactions.run(async (manager) => {
      const booking = await manager.findOne(Booking, { where: { id: bookingId }, lock: this.transactions.rowLock });
      if (!booking) throw bookingNotFound();
      const provider = await this.lockProvider(manager, booking.providerId);
      const relation = relationTo(booking, provider, user);
      if (relation === 'none') throw bookingNotFound();
      if (relation !== 'client') throw new ForbiddenException({ code: 'forbidden', message: 'Only the booking’s client can review it' });
      if (booking.status !== 'completed') {
        throw new ConflictException({ code: 'booking_not_completed', message: 'Only a completed booking can be reviewed' });
      }
      if (await manager.existsBy(Review, { bookingId })) throw alreadyReviewed();
      const now = this.clock.now();
      const id = randomUUID();
      try {
        await manager.insert(Review, {
          id,
          serviceId: booking.serviceId,
          bookingId,
          clientId: user.id,
          authorName: booking.clientName,
          rating: dto.rating,
          comment: dto.comment ?? '',
          language: dto.language,
          replyComment: null,
          repliedAt: null,
          hiddenAt: null,
          hiddenBy: null,
          hiddenReason: null,
          createdAt: now,
          updatedAt: now,
        });
      } catch (error) {
        // The lock makes this rare; the unique index still decides if two requests ever got this far.
        if (isDuplicateKey(error)) throw alreadyReviewed();
        throw error;
      }
      await recomputeRatings(manager, booking.serviceId, provider.id);
      const review = await manager.findOneByOrFail(Review, { id });
      return toReviewDetail(review, titlesOf(booking), { user, providerUserId: provider.userId, now });
    });
  }

  /** The author changes stars, text or its language within the edit window. */
  update(user: AuthUser, reviewId: string, dto: UpdateReviewDto): Promise<ReviewDetailDto> {
    return this.transactions.run(async (manager) => {
      const { review, service, provider } = await this.lockReview(manager, reviewId);
      if (review.clientId !== user.id) throw new ForbiddenException({ code: 'forbidden', message: 'Only its author can edit a review' });
      const now = this.clock.now();
      const view = { user, providerUserId: provider.userId, now };
      if (!toReviewDetail(review, service, view).actions.edit) {
        throw new ConflictException({ code: 'review_edit_closed', message: 'A review can be edited for 7 days after it was written' });
      }
      await manager.update(Review, { id: review.id }, {
        ...(dto.rating !== undefined && { rating: dto.rating }),
        ...(dto.comment !== undefined && { comment: dto.comment }),
        ...(dto.language !== undefined && { language: dto.language }),
        updatedAt: now,
      });
      await recomputeRatings(manager, review.serviceId, provider.id);
      return toReviewDetail(await manager.findOneByOrFail(Review, { id: review.id }), service, view);
    });
  }

  /** The booking's provider answers a review once. */
  reply(user: AuthUser, reviewId: string, dto: ReplyToReviewDto): Promise<ReviewDetailDto> {
    return this.transactions.run(async (manager) => {
      const { review, service, provider } = await this.lockReview(manager, reviewId);
      if (provider.userId !== user.id) {
        throw new ForbiddenException({ code: 'forbidden', message: 'Only the provider of the reviewed service can reply' });
      }
      if (review.replyComment !== null) throw new ConflictException({ code: 'already_replied', message: 'This review already has a reply' });
      const now = this.clock.now();
      await manager.update(Review, { id: review.id }, { replyComment: dto.comment, repliedAt: now, updatedAt: review.updatedAt });
      return toReviewDetail(await manager.findOneByOrFail(Review, { id: review.id }), service, { user, providerUserId: provider.userId, now });
    });
  }

  /** An admin hides a review with a reason (or shows it again); the aggregates and the audit log follow. */
  hide(admin: AuthUser, reviewId: string, dto: HideReviewDto): Promise<ReviewDetailDto> {
    return this.transactions.run(async (manager) => {
      const { review, service, provider } = await this.lockReview(manager, reviewId);
      const now = this.clock.now();
      await manager.update(
        Review,
        { id: review.id },
        dto.hidden
          ? { hiddenAt: now, hiddenBy: admin.id, hiddenReason: dto.reason!, updatedAt: review.updatedAt }
          : { hiddenAt: null, hiddenBy: null, hiddenReason: null, updatedAt: review.updatedAt },
      );
      await recomputeRatings(manager, review.serviceId, provider.id);
      await this.audit.record(manager, admin, {
        action: dto.hidden ? 'review.hidden' : 'review.shown',
        targetType: 'review',
        targetId: review.id,
        summary: `${review.authorName}: ${service.title}`,
        summaryAr: `${review.authorName}: ${service.titleAr}`,
        reason: dto.hidden ? dto.reason : null,
      });
      return toReviewDetail(await manager.findOneByOrFail(Review, { id: review.id }), service, { user: admin, providerUserId: provider.userId, now });
    });
  }

  /** Reviews of the caller's services, hidden ones included (marked), newest first. */
  async forProvider(user: AuthUser, { page, pageSize }: ReviewPageQuery): Promise<ReviewListResponse> {
    const provider = await this.profiles.of(user);
    const services = await this.dataSource.getRepository(ServiceListing).find({ where: { providerId: provider.id }, select: { id: true, title: true, titleAr: true } });
    if (!services.length) return { items: [], total: 0, page, limit: pageSize };
    const [reviews, total] = await this.dataSource.getRepository(Review).findAndCount({
      where: { serviceId: In(services.map((s) => s.id)) },
      order: { createdAt: 'DESC', id: 'DESC' },
      skip: (page - 1) * pageSize,
      take: pageSize,
    });
    const titles = new Map(services.map((s) => [s.id, s]));
    const now = this.clock.now();
    return {
      items: reviews.map((review) => toReviewDetail(review, titles.get(review.serviceId)!, { user, providerUserId: provider.userId, now })),
      total,
      page,
      limit: pageSize,
    };
  }

  /** Every review for moderation, newest first; `hidden` narrows to hidden or visible ones, `search` to matching ones. */
  async forAdmin(admin: AuthUser, query: AdminReviewsQuery): Promise<ReviewListResponse> {
    const builder = this.dataSource.getRepository(Review).createQueryBuilder('r').innerJoin(ServiceListing, 's', 's.id = r.serviceId');
    if (query.hidden !== undefined) builder.andWhere(query.hidden ? 'r.hiddenAt IS NOT NULL' : 'r.hiddenAt IS NULL');
    whereAnyContains(builder, ['r.authorName', 'r.comment', 's.title', 's.titleAr'], query.search);
    const page = await pageOf(builder.orderBy('r.createdAt', 'DESC').addOrderBy('r.id', 'DESC'), query);
    const serviceIds = [...new Set(page.items.map((r) => r.serviceId))];
    const services = serviceIds.length ? await this.dataSource.getRepository(ServiceListing).findBy({ id: In(serviceIds) }) : [];
    const titles = new Map(services.map((s) => [s.id, s]));
    const now = this.clock.now();
    return { ...page, items: page.items.map((review) => toReviewDetail(review, titles.get(review.serviceId)!, { user: admin, providerUserId: null, now })) };
  }

  private async lockProvider(manager: EntityManager, providerId: string): Promise<Provider> {
    return manager.findOneOrFail(Provider, { where: { id: providerId }, lock: this.transactions.rowLock });
  }

  /** The review (locked first), its service and its provider (locked second). */
  private async lockReview(manager: EntityManager, reviewId: string) {
    const review = await manager.findOne(Review, { where: { id: reviewId }, lock: this.transactions.rowLock });
    if (!review) throw reviewNotFound();
    const service = await manager.findOneByOrFail(ServiceListing, { id: review.serviceId });
    const provider = await this.lockProvider(manager, service.providerId);
    return { review, service, provider };
  }
}

const titlesOf = (booking: Booking): ReviewServiceTitles => ({ id: booking.serviceId, title: booking.serviceTitle, titleAr: booking.serviceTitleAr });
