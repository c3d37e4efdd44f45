import { useId, useRef, useState } from 'react';
import { Alert, Button, Input, Pagination, Skeleton, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { REVIEW_RULES, type ReviewDetailDto } from '@khidma/contracts';
import { localized, showToast, StarRow, useDateFormat, useLoad } from '@khidma/web-kit';
import { NS } from '../namespace';
import { listMyReviews, replyToReview } from '../api';
import { errorMessage } from '../lib/errors';
import { LoadError } from './LoadError';

/** The reply being written; mounted while open, so Cancel (unmounting it) drops the draft, and a refused send keeps it. */
function ReplyForm({
  review,
  onReplied,
  onCancel,
}: {
  review: ReviewDetailDto;
  onReplied: (review: ReviewDetailDto) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(NS);
  const fieldId = useId();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const send = async () => {
    if (!text.trim()) {
      setProblem(t('dashboard.reviews.replyEmpty'));
      return;
    }
    setSending(true);
    setProblem(null);
    try {
      onReplied(await replyToReview(review.id, { comment: text.trim() }));
      showToast('success', t('dashboard.reviews.replied'));
    } catch (error) {
      const message = errorMessage(error, 'dashboard.reviews.replyFailed');
      setProblem(t(message.key, message.values));
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      className="kp-reply-form"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <label htmlFor={fieldId}>{t('dashboard.reviews.replyLabel', { name: review.authorName })}</label>
      <Input.TextArea
        id={fieldId}
        // Opened by its button: the caret goes where the reply is written.
        autoFocus
        dir="auto"
        rows={2}
        value={text}
        maxLength={REVIEW_RULES.replyMaxLength}
        aria-describedby={`${fieldId}-rule`}
        onChange={(event) => setText(event.target.value)}
      />
      <p id={`${fieldId}-rule`} className="kp-muted">
        {t('dashboard.reviews.replyRule')}
      </p>
      {problem ? <Alert type="error" showIcon role="alert" title={problem} /> : null}
      <Space>
        <Button htmlType="submit" type="primary" loading={sending}>
          {t('dashboard.reviews.send')}
        </Button>
        <Button disabled={sending} onClick={onCancel}>
          {t('common.cancel')}
        </Button>
      </Space>
    </form>
  );
}

function ReviewItem({ review, onChange }: { review: ReviewDetailDto; onChange: (review: ReviewDetailDto) => void }) {
  const { t } = useTranslation(NS);
  const { language, formatDate } = useDateFormat();
  const service = localized(language, review.serviceTitle, review.serviceTitleAr);
  // A page of reviews shows their texts, not a text box under each: "Reply" opens the form in place.
  const [replying, setReplying] = useState(false);
  // After Cancel the keyboard user is put back on the button that opened the form.
  const refocusReply = useRef(false);
  return (
    <li>
      <article className="kp-review" aria-label={t('dashboard.reviews.reviewBy', { name: review.authorName, service })}>
        <header className="kp-review-head">
          <strong>{review.authorName}</strong>
          <StarRow rating={review.rating} label={t('dashboard.reviews.rated', { rating: review.rating })} className="kp-review-stars" />
          <span className="kp-muted">{service}</span>
          <time dateTime={review.createdAt} className="kp-muted">
            {formatDate(review.createdAt)}
          </time>
        </header>
        {review.comment ? (
          <p lang={review.language} dir="auto">
            {review.comment}
          </p>
        ) : null}
        {review.hidden ? <Alert type="warning" showIcon title={t('dashboard.reviews.hidden', { reason: review.hiddenReason ?? '' })} /> : null}
        {review.reply ? (
          <div className="kp-review-reply">
            <strong>{t('dashboard.reviews.yourReply')}</strong>
            <p dir="auto">{review.reply.comment}</p>
          </div>
        ) : null}
        {review.actions.reply && replying ? (
          <ReplyForm
            review={review}
            onReplied={onChange}
            onCancel={() => {
              refocusReply.current = true;
              setReplying(false);
            }}
          />
        ) : null}
        {review.actions.reply && !replying ? (
          // Inside the review's article (named after its author and service), as "Send reply" is.
          <Button
            className="kp-reply-open"
            ref={(button) => {
              if (button && refocusReply.current) {
                refocusReply.current = false;
                button.focus();
              }
            }}
            onClick={() => setReplying(true)}
          >
            {t('dashboard.reviews.reply')}
          </Button>
        ) : null}
      </article>
    </li>
  );
}

/** Reviews of the provider's services, newest first, each answerable once. */
export function ReviewsSection() {
  const { t } = useTranslation(NS);
  const [page, setPage] = useState(1);
  const pageSize = REVIEW_RULES.defaultPageSize;
  const { state, reload, update } = useLoad(`reviews:${page}`, (signal) => listMyReviews(page, pageSize, signal));
  const replace = (changed: ReviewDetailDto) =>
    update((list) => ({ ...list, items: list.items.map((review) => (review.id === changed.id ? changed : review)) }));

  return (
    <section className="kp-section kp-panel" aria-labelledby="kp-reviews-heading">
      <div className="kp-section-head">
        <h2 id="kp-reviews-heading">{t('dashboard.reviews.title')}</h2>
      </div>
      {state.status === 'loading' ? <Skeleton active paragraph={{ rows: 3 }} /> : null}
      {state.status === 'error' ? <LoadError error={state.error} fallbackKey="dashboard.reviews.loadFailed" onRetry={reload} /> : null}
      {state.status === 'ready' && state.data.total === 0 ? <p className="kp-muted">{t('dashboard.reviews.empty')}</p> : null}
      {state.status === 'ready' && state.data.items.length > 0 ? (
        <ul className="kp-reviews">
          {state.data.items.map((review) => (
            <ReviewItem key={review.id} review={review} onChange={replace} />
          ))}
        </ul>
      ) : null}
      {state.status === 'ready' && state.data.total > pageSize ? (
        <nav aria-label={t('dashboard.reviews.pages')}>
          <Pagination current={page} pageSize={pageSize} total={state.data.total} onChange={setPage} showSizeChanger={false} />
        </nav>
      ) : null}
    </section>
  );
}
