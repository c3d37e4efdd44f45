import { useId, useState } from 'react';
import { Alert, Button, Input, Modal, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { REVIEW_RULES, type ReviewDetailDto, type ReviewListResponse } from '@khidma/contracts';
import { isolate, localized, showToast, useDateFormat, type Loaded } from '@khidma/web-kit';
import { NS } from '../namespace';
import { hideReview, reviewsPath } from '../api';
import { serverMessage } from '../lib/errors';
import { PagedList } from '../components/PagedList';
import { StatusBadge } from '../components/StatusBadge';

const VISIBILITY = ['visible', 'hidden'] as const;

/** Asks for the reason a review is hidden (required: the author and the provider read it). */
function HideDialog({ review, busy, onConfirm, onCancel }: { review: ReviewDetailDto | null; busy: boolean; onConfirm: (reason: string) => void; onCancel: () => void }) {
  const { t } = useTranslation(NS);
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  return (
    <Modal
      open={review !== null}
      title={review ? t('reviews.hideTitle', { name: isolate(review.authorName) }) : ''}
      okText={t('reviews.confirmHide')}
      cancelText={t('pending.cancel')}
      okButtonProps={{ danger: true, loading: busy }}
      onOk={() => {
        if (!reason.trim()) setMissing(true);
        else onConfirm(reason.trim());
      }}
      onCancel={onCancel}
      afterClose={() => {
        setReason('');
        setMissing(false);
      }}
      destroyOnHidden
    >
      {review?.comment ? (
        <blockquote className="ka-quote" lang={review.language} dir="auto">
          {review.comment}
        </blockquote>
      ) : null}
      <label htmlFor={reasonId} className="ka-label">
        {t('reviews.reason')}
      </label>
      <Input.TextArea
        id={reasonId}
        value={reason}
        maxLength={REVIEW_RULES.hideReasonMaxLength}
        aria-invalid={missing}
        autoSize={{ minRows: 3, maxRows: 6 }}
        onChange={(event) => setReason(event.target.value)}
      />
      {missing ? <Alert type="error" showIcon role="alert" title={t('reviews.reasonRequired')} /> : null}
    </Modal>
  );
}

/** Reviews: search, visible/hidden filter, and Hide (with a reason) or Show again; the ratings follow on the server. */
export default function ReviewsTab() {
  const { t } = useTranslation(NS);
  const { language, formatDate } = useDateFormat();
  const [hiding, setHiding] = useState<{ review: ReviewDetailDto; list: Loaded<ReviewListResponse> } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const change = async (list: Loaded<ReviewListResponse>, review: ReviewDetailDto, reason?: string) => {
    setBusy(review.id);
    try {
      const saved = await hideReview(review.id, reason === undefined ? { hidden: false } : { hidden: true, reason });
      list.update((data) => ({ ...data, items: data.items.map((r) => (r.id === saved.id ? saved : r)) }));
      showToast('success', t(saved.hidden ? 'reviews.hiddenDone' : 'reviews.shownDone', { name: isolate(saved.authorName) }));
      setHiding(null);
    } catch (error) {
      showToast('error', `${t('pending.errorTitle')}: ${serverMessage(error, t('reviews.failed'), t)}`);
    } finally {
      setBusy(null);
    }
  };

  const columns = (list: Loaded<ReviewListResponse>): TableColumnsType<ReviewDetailDto> => [
    {
      key: 'review',
      title: t('reviews.review'),
      render: (_, review) => (
        <span className="ka-person">
          <span className="ka-person-name">
            {review.authorName} · <span role="img" aria-label={t('reviews.rated', { rating: review.rating })}>
              {'★'.repeat(review.rating)}
            </span>
          </span>
          {review.comment ? (
            <span className="ka-review-text" lang={review.language} dir="auto">
              {review.comment}
            </span>
          ) : null}
          {review.reply ? <span className="ka-muted">{t('reviews.replied')}</span> : null}
        </span>
      ),
    },
    { key: 'service', title: t('reviews.service'), render: (_, review) => localized(language, review.serviceTitle, review.serviceTitleAr) },
    { key: 'date', title: t('reviews.date'), render: (_, review) => formatDate(review.createdAt) },
    {
      key: 'status',
      title: t('reviews.status'),
      render: (_, review) => (
        <span className="ka-person">
          <StatusBadge status={review.hidden ? 'hidden' : 'visible'} tone={review.hidden ? 'bad' : 'ok'} label={t(`reviews.visibility.${review.hidden ? 'hidden' : 'visible'}`)} />
          {review.hiddenReason ? <span className="ka-muted">{review.hiddenReason}</span> : null}
        </span>
      ),
    },
    {
      key: 'action',
      title: t('reviews.action'),
      render: (_, review) =>
        review.hidden ? (
          <Button size="small" loading={busy === review.id} onClick={() => void change(list, review)} aria-label={t('reviews.showOf', { name: review.authorName })}>
            {t('reviews.show')}
          </Button>
        ) : (
          <Button size="small" danger onClick={() => setHiding({ review, list })} aria-label={t('reviews.hideOf', { name: review.authorName })}>
            {t('reviews.hide')}
          </Button>
        ),
    },
  ];

  return (
    <>
      <PagedList<ReviewListResponse, ReviewDetailDto>
        label={t('tabs.reviews')}
        pathFor={reviewsPath}
        pageOf={(answer) => ({ rows: answer.items, total: answer.total })}
        columns={columns}
        statusFilter={{ options: VISIBILITY, label: (status) => t(`reviews.visibility.${status}`) }}
      />
      <HideDialog
        review={hiding?.review ?? null}
        busy={hiding !== null && busy === hiding.review.id}
        onConfirm={(reason) => hiding && void change(hiding.list, hiding.review, reason)}
        onCancel={() => setHiding(null)}
      />
    </>
  );
}
