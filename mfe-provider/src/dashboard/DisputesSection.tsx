import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DisputeSummaryDto } from '@khidma/contracts';
import { formatMoney, Link, localized, useDateFormat, useLoad } from '@khidma/web-kit';
import { NS } from '../namespace';
import { listMyDisputes } from '../api';
import { DisputeStatusBadge } from './Badges';
import { LoadError } from './LoadError';

function DisputeItem({ dispute }: { dispute: DisputeSummaryDto }) {
  const { t } = useTranslation(NS);
  const { language, formatDate } = useDateFormat();
  const service = localized(language, dispute.serviceTitle, dispute.serviceTitleAr);
  return (
    <li className="kp-dispute">
      <header className="kp-review-head">
        <DisputeStatusBadge status={dispute.status} />
        <strong>
          <bdi>{dispute.clientName}</bdi>
        </strong>
        <span className="kp-muted">
          {service} · {t('dashboard.disputes.booking', { number: dispute.bookingNumber })}
        </span>
        <time dateTime={dispute.createdAt} className="kp-muted">
          {formatDate(dispute.createdAt)}
        </time>
      </header>
      <p>
        {t(`dashboard.disputes.reasons.${dispute.reason}`)} · {t('dashboard.disputes.requested', { amount: formatMoney(Number(dispute.requestedAmount), language) })}
        {dispute.outcome
          ? ` · ${t(`dashboard.disputes.outcomes.${dispute.outcome}`, { amount: formatMoney(Number(dispute.refundedAmount ?? 0), language) })}`
          : null}
      </p>
      {/* The case (conversation, evidence, the answer form) is on the booking's page, shared with the client. */}
      <Link to={`/my-bookings/${encodeURIComponent(dispute.bookingId)}#dispute`} className="kp-link">
        {t(dispute.status === 'open' ? 'dashboard.disputes.answer' : 'dashboard.disputes.view')}
      </Link>
    </li>
  );
}

/** Disputes about the provider's jobs, newest first: what the client reports, then the answer and the decision. */
export function DisputesSection() {
  const { t } = useTranslation(NS);
  const { state, reload } = useLoad('disputes', (signal) => listMyDisputes(signal));
  return (
    <section className="kp-section kp-panel" aria-labelledby="kp-disputes-heading">
      <div className="kp-section-head">
        <h2 id="kp-disputes-heading">{t('dashboard.disputes.title')}</h2>
      </div>
      {state.status === 'loading' ? <Skeleton active paragraph={{ rows: 2 }} /> : null}
      {state.status === 'error' ? <LoadError error={state.error} fallbackKey="dashboard.disputes.loadFailed" onRetry={reload} /> : null}
      {state.status === 'ready' && state.data.disputes.length === 0 ? <p className="kp-muted">{t('dashboard.disputes.empty')}</p> : null}
      {state.status === 'ready' && state.data.disputes.length > 0 ? (
        <ul className="kp-reviews">
          {state.data.disputes.map((dispute) => (
            <DisputeItem key={dispute.id} dispute={dispute} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
