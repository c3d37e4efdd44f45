import { Rate } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReviewDto } from '@khidma/contracts';
import { currentLanguage, formatDate } from '@khidma/web-kit';
import { NS } from '../namespace';

/** Real reviews, each in the language it was written in (marked with `lang` so it is read out correctly). */
export function Reviews({ reviews }: { reviews: ReviewDto[] }) {
  const { t } = useTranslation(NS);
  const language = currentLanguage();
  if (reviews.length === 0) return <p className="kc-muted">{t('detail.noReviews')}</p>;
  return (
    <ul className="kc-reviews">
      {reviews.map((review) => (
        <li key={review.id}>
          <article className="kc-review" aria-label={t('detail.reviewBy', { name: review.authorName })}>
            <header className="kc-review-head">
              <strong>{review.authorName}</strong>
              <span role="img" aria-label={t('rating.label', { rating: review.rating })}>
                <Rate disabled value={review.rating} className="kc-review-stars" aria-hidden="true" />
              </span>
              <time dateTime={review.createdAt} className="kc-muted">
                {formatDate(review.createdAt, language)}
              </time>
            </header>
            <p lang={review.language} dir="auto">
              {review.comment}
            </p>
          </article>
        </li>
      ))}
    </ul>
  );
}
