import { useId, useState } from 'react';
import { StarFilled } from '@ant-design/icons';
import { Alert, Button, Input, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { REVIEW_RULES, type BookingReviewResponse, type Language, type ReviewDetailDto } from '@khidma/contracts';
import { ApiError, currentLanguage, showToast, StarRow, useDateFormat, useLoad } from '@khidma/web-kit';
import { NS } from '../namespace';
import { createReview, getBookingReview, updateReview } from '../api';

const STARS = [1, 2, 3, 4, 5] as const;

/** Reviews are shown as written: Arabic letters make it an Arabic review, otherwise the page's language. */
const languageOf = (text: string, fallback: Language): Language => (/[\u0600-\u06FF]/.test(text) ? 'ar' : text.trim() ? 'en' : fallback);

/** Five radio buttons drawn as stars: keyboard-usable (arrow keys) and read out as "4 stars". */
function StarPicker({ value, onChange }: { value: number; onChange: (stars: number) => void }) {
  const { t } = useTranslation(NS);
  const name = useId();
  return (
    <fieldset className="kb-stars">
      <legend className="kb-label">{t('review.rating')}</legend>
      {STARS.map((stars) => (
        <label key={stars} className={stars <= value ? 'kb-star kb-star-on' : 'kb-star'}>
          <input type="radio" name={name} value={stars} checked={value === stars} onChange={() => onChange(stars)} className="kh-visually-hidden" />
          <StarFilled aria-hidden="true" />
          <span className="kh-visually-hidden">{t(`review.stars.${stars}`)}</span>
        </label>
      ))}
    </fieldset>
  );
}

function ReviewForm({ bookingId, review, onSaved, onCancel }: { bookingId: string; review: ReviewDetailDto | null; onSaved: (review: ReviewDetailDto) => void; onCancel?: () => void }) {
  const { t } = useTranslation(NS);
  const commentId = useId();
  const [rating, setRating] = useState(review?.rating ?? 0);
  const [comment, setComment] = useState(review?.comment ?? '');
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async () => {
    if (rating < REVIEW_RULES.minRating) {
      setProblem(t('review.chooseStars'));
      return;
    }
    setSending(true);
    setProblem(null);
    try {
      const request = { rating, comment: comment.trim(), language: languageOf(comment, currentLanguage()) };
      const saved = review ? await updateReview(review.id, request) : await createReview(bookingId, request);
      showToast('success', t(review ? 'review.updated' : 'review.thanks'));
      onSaved(saved);
    } catch (error) {
      const code = error instanceof ApiError ? error.code : undefined;
      setProblem(t(code && ['already_reviewed', 'review_edit_closed', 'booking_not_completed', 'validation_failed'].includes(code) ? `review.errors.${code}` : 'review.errors.failed'));
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      className="kb-review-form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <StarPicker value={rating} onChange={setRating} />
      <label htmlFor={commentId} className="kb-label">
        {t('review.comment')}
      </label>
      <Input.TextArea id={commentId} dir="auto" rows={4} value={comment} maxLength={REVIEW_RULES.commentMaxLength} onChange={(event) => setComment(event.target.value)} />
      {problem ? <Alert type="error" showIcon role="alert" title={problem} /> : null}
      <div className="kb-review-buttons">
        <Button type="primary" htmlType="submit" loading={sending}>
          {t(review ? 'review.save' : 'review.submit')}
        </Button>
        {onCancel ? <Button onClick={onCancel}>{t('review.cancelEdit')}</Button> : null}
      </div>
    </form>
  );
}

function ReviewView({ review }: { review: ReviewDetailDto }) {
  const { t } = useTranslation(NS);
  const { formatDate } = useDateFormat();
  return (
    <div className="kb-review">
      <StarRow as="p" rating={review.rating} label={t('review.rated', { rating: review.rating })} className="kb-review-stars" />
      {review.comment ? (
        <p lang={review.language} dir="auto">
          {review.comment}
        </p>
      ) : null}
      {review.hidden ? <Alert type="warning" showIcon title={t('review.hidden', { reason: review.hiddenReason ?? '' })} /> : null}
      {review.reply ? (
        <div className="kb-review-reply">
          <strong>{t('review.reply')}</strong>
          <p dir="auto">{review.reply.comment}</p>
        </div>
      ) : null}
      {review.actions.edit ? <p className="kb-hint">{t('review.editableUntil', { date: formatDate(review.editableUntil) })}</p> : null}
    </div>
  );
}

/** The booking's review: "Leave a review" once it is completed, then the review with Edit for 7 days. */
export function ReviewPanel({ bookingId }: { bookingId: string }) {
  const { t } = useTranslation(NS);
  const { state, update, reload } = useLoad<BookingReviewResponse>(bookingId, (signal) => getBookingReview(bookingId, signal));
  const [editing, setEditing] = useState(false);
  const saved = (review: ReviewDetailDto) => {
    setEditing(false);
    update(() => ({ review, canReview: false }));
  };

  let body;
  if (state.status === 'loading') body = <Skeleton active paragraph={{ rows: 2 }} />;
  else if (state.status === 'error') {
    body = (
      <p>
        {t('review.errors.load')}{' '}
        <Button size="small" onClick={reload}>
          {t('actions.retry')}
        </Button>
      </p>
    );
  } else if (state.data.review && !editing) {
    const { review } = state.data;
    body = (
      <>
        <ReviewView review={review} />
        {review.actions.edit ? <Button onClick={() => setEditing(true)}>{t('review.edit')}</Button> : null}
      </>
    );
  } else if (state.data.review || state.data.canReview) {
    body = <ReviewForm bookingId={bookingId} review={state.data.review} onSaved={saved} onCancel={editing ? () => setEditing(false) : undefined} />;
  } else return null;

  return (
    <section className="kb-panel" aria-labelledby="kb-review" id="review">
      <h2 id="kb-review" className="kb-panel-title">
        {t(state.status === 'ready' && !state.data.review ? 'review.leave' : 'review.title')}
      </h2>
      {body}
    </section>
  );
}
