import { REVIEW_RULES, type ReviewDetailDto, type ReviewDto } from '@khidma/contracts';
import type { AuthUser } from '@khidma/nest-kit';
import type { Review } from '../catalogue/entities/review.entity.js';

const DAY_MS = 86_400_000;

export interface ReviewServiceTitles {
  id: string;
  title: string;
  titleAr: string;
}

/** Who reads a review, to compute what they may do with it. */
export interface ReviewViewer {
  user: AuthUser;
  /** The identity user of the reviewed service's provider; null where it does not matter (admin lists). */
  providerUserId: string | null;
  now: Date;
}

/** The public view of a review (the catalogue's detail and the Reviews tab). */
export function toReviewDto(review: Review): ReviewDto {
  return {
    id: review.id,
    rating: review.rating,
    comment: review.comment,
    language: review.language,
    authorName: review.authorName,
    createdAt: review.createdAt.toISOString(),
    updatedAt: review.updatedAt.toISOString(),
    reply: review.replyComment === null ? null : { comment: review.replyComment, createdAt: review.repliedAt!.toISOString() },
  };
}

export const editableUntil = (review: Pick<Review, 'createdAt'>) => new Date(review.createdAt.getTime() + REVIEW_RULES.editWindowDays * DAY_MS);

/** The view of the author, the provider and admins, with what `viewer` may do now: the one rule every check uses. */
export function toReviewDetail(review: Review, service: ReviewServiceTitles, viewer: ReviewViewer): ReviewDetailDto {
  const until = editableUntil(review);
  return {
    ...toReviewDto(review),
    serviceId: service.id,
    serviceTitle: service.title,
    serviceTitleAr: service.titleAr,
    bookingId: review.bookingId,
    editableUntil: until.toISOString(),
    hidden: review.hiddenAt !== null,
    hiddenReason: review.hiddenReason,
    hiddenAt: review.hiddenAt?.toISOString() ?? null,
    actions: {
      edit: review.clientId !== null && review.clientId === viewer.user.id && viewer.now.getTime() < until.getTime(),
      reply: viewer.providerUserId !== null && viewer.providerUserId === viewer.user.id && review.replyComment === null,
    },
  };
}
