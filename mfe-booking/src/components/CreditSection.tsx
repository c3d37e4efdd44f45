import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreditEntryDto } from '@khidma/contracts';
import { currentLanguage, formatMoney, useDateFormat, useLoad } from '@khidma/web-kit';
import { NS } from '../namespace';
import { getMyCredit } from '../api';

/** Entries shown under the balance: the newest few are what a client checks. */
export const CREDIT_HISTORY_SHOWN = 5;

function CreditEntryRow({ entry }: { entry: CreditEntryDto }) {
  const { t } = useTranslation(NS);
  const { language, formatDate } = useDateFormat();
  const negative = entry.amount.startsWith('-');
  const amount = formatMoney(entry.amount.replace('-', ''), language, 'amount');
  return (
    <li className="kb-credit-entry">
      <span className="kb-credit-what">
        <strong>{t(`credit.reasons.${entry.reason}`)}</strong>
        {entry.bookingNumber ? (
          <span className="kb-muted">
            {' · '}
            {t('credit.booking')} <bdi dir="ltr">{entry.bookingNumber}</bdi>
          </span>
        ) : null}
        {entry.note ? (
          <span className="kb-muted">
            {' · '}
            <bdi>{entry.note}</bdi>
          </span>
        ) : null}
        <span className="kb-hint kb-credit-date">{formatDate(entry.createdAt)}</span>
      </span>
      {/* The sign belongs to the amount: kept left of it in Arabic too. */}
      <bdi dir="ltr" className={negative ? 'kb-credit-out' : 'kb-credit-in'}>
        {negative ? '−' : '+'}
        {amount}
      </bdi>
    </li>
  );
}

/** My Bookings' "Khidma credit": the balance and the latest movements; nothing while the client never had credit. */
export function CreditSection({ version = 0 }: { version?: number }) {
  const { t } = useTranslation(NS);
  const language = currentLanguage();
  const titleId = useId();
  const { state } = useLoad(`credit:${version}`, (signal) => getMyCredit(CREDIT_HISTORY_SHOWN, signal));
  if (state.status === 'loading') return null;
  if (state.status === 'error') {
    return (
      <p className="kb-hint" role="status">
        {t('credit.loadFailed')}
      </p>
    );
  }
  const { balance, entries } = state.data;
  if (entries.total === 0) return null;
  return (
    <section className="kb-panel kb-credit" aria-labelledby={titleId}>
      <h2 id={titleId} className="kb-panel-title">
        {t('credit.title')}
      </h2>
      <p className="kb-credit-balance">
        {t('credit.balance')}: <strong className="kb-amount">{formatMoney(balance, language, 'amount')}</strong>
      </p>
      <h3 className="kb-label">{t('credit.history')}</h3>
      <ul className="kb-credit-entries">
        {entries.items.map((entry) => (
          <CreditEntryRow key={entry.id} entry={entry} />
        ))}
      </ul>
    </section>
  );
}
