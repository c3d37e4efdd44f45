import { useTranslation } from 'react-i18next';
import type { BookingDto, Language } from '@khidma/contracts';
import { formatMoney } from '@khidma/web-kit';
import { NS } from '../namespace';

/**
 * A booking's amount as it was really settled: once paid, what was paid (after the promo discount),
 * with the discount, the credit used and any refund noted; before that, the list price.
 */
export function PaidAmount({ booking, language }: { booking: Pick<BookingDto, 'totalAmount' | 'paid'>; language: Language }) {
  const { t } = useTranslation(NS);
  const paid = booking.paid;
  if (!paid) return <span className="kb-amount">{formatMoney(booking.totalAmount, language, 'amount')}</span>;
  const money = (amount: string) => formatMoney(amount, language, 'amount');
  const notes: string[] = [];
  if (Number(paid.discount) > 0) notes.push(t('paid.listPrice', { amount: money(booking.totalAmount) }), t('paid.discount', { amount: money(paid.discount), code: paid.promoCode ?? '' }));
  if (Number(paid.credit) > 0) notes.push(t('paid.credit', { amount: money(paid.credit) }));
  if (Number(paid.refunded) > 0) {
    notes.push(
      Number(paid.refundedToCredit) > 0
        ? t('paid.refundedToCredit', { amount: money(paid.refunded), credit: money(paid.refundedToCredit) })
        : t('paid.refunded', { amount: money(paid.refunded) }),
    );
  }
  return (
    <span className="kb-paid">
      <span className="kb-amount">{t('paid.amount', { amount: money(paid.amount) })}</span>
      {notes.length > 0 ? <span className="kb-paid-note">{notes.join(' · ')}</span> : null}
    </span>
  );
}
