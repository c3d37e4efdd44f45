import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REVIEW_RULES, type RatingHistogram, type ReviewDto, type ServiceReviewsResponse } from '@khidma/contracts';
import { currentLanguage, formatNumber, StarRow, useApi, useDateFormat } from '@khidma/web-kit';
import { NS } from '../namespace';
import { Rating } from './Rating';
import { Pager } from './Pager';
import { ErrorState, LinesSkeleton } from './States';

const STARS = ['5', '4', '3', '2', '1'] as const;

/** How many reviews gave each number of stars, as bars with their counts (a list, read out row by row). */
function Histogram({ histogram, total }: { histogram: RatingHistogram; total: number }) {
  const { t } = useTranslation(NS);
  const language = currentLanguage();
  return (
    <ul className="kc-histogram" aria-label={t('reviews.histogram')}>
      {STARS.map((stars) => (
        <li key={stars}>
          <span className="kc-histogram-label">{t(`reviews.starRows.${stars}`)}</span>
          <span className="kc-histogram-bar" aria-hidden="true">
            <span style={{ inlineSize: `${total ? (histogram[stars] / total) * 100 : 0}%` }} />
          </span>
          <span className="kc-histogram-count">{formatNumber(histogram[stars], language)}</span>
        </li>
      ))}
    </ul>
  );
}

function ReviewItem({ review }: { review: ReviewDto }) {
  const { t } = useTranslation(NS);
  const { formatDate } = useDateFormat();
  return (
    <li>
      <article className="kc-review" aria-label={t('detail.reviewBy', { name: review.authorName })}>
        <header className="kc-review-head">
          <strong>{review.authorName}</strong>
          <StarRow rating={review.rating} label={t('rating.label', { rating: review.rating })} className="kc-review-stars" />
          <time dateTime={review.createdAt} className="kc-muted">
            {formatDate(review.createdAt)}
          </time>
        </header>
        {review.comment ? (
          <p lang={review.language} dir="auto">
            {review.comment}
          </p>
        ) : null}
        {review.reply ? (
          <div className="kc-review-reply">
            <strong>{t('reviews.reply')}</strong>
            <p dir="auto">{review.reply.comment}</p>
          </div>
        ) : null}
      </article>
    </li>
  );
}

/** The Reviews tab: visible reviews newest first, a page at a time, under their average and histogram. */
export function Reviews({ serviceId }: { serviceId: string }) {
  const { t } = useTranslation(NS);
  const language = currentLanguage();
  const [page, setPage] = useState(1);
  const pageSize = REVIEW_RULES.defaultPageSize;
  const { state, reload } = useApi<ServiceReviewsResponse>(
    `/services/${encodeURIComponent(serviceId)}/reviews?page=${page}&pageSize=${pageSize}`,
  );

  if (state.status === 'loading') {
    return (
      <div role="status" aria-label={t('reviews.loading')}>
        <LinesSkeleton rows={4} />
      </div>
    );
  }
  if (state.status === 'error') return <ErrorState message={t('states.error')} onRetry={reload} />;
  const { reviews, total, average, histogram } = state.data;
  if (total === 0) return <p className="kc-muted">{t('detail.noReviews')}</p>;
  return (
    <div className="kc-reviews-tab">
      <section className="kc-reviews-summary" aria-label={t('reviews.summary')}>
        <p className="kc-reviews-average">
          <Rating value={average ?? 0} />{' '}
          <span className="kc-muted">{t('detail.reviews', { reviews: formatNumber(total, language) })}</span>
        </p>
        <Histogram histogram={histogram} total={total} />
      </section>
      <ul className="kc-reviews">
        {reviews.map((review) => (
          <ReviewItem key={review.id} review={review} />
        ))}
      </ul>
      <Pager label={t('reviews.pages')} current={page} pageSize={pageSize} total={total} onChange={setPage} />
    </div>
  );
}
