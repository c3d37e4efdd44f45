import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookingDto } from '@khidma/contracts';
import { localized, useDateFormat } from '@khidma/web-kit';
import { NS } from '../namespace';
import { formatMinutes, formatTime } from '../lib/dates';
import { PaidAmount } from './PaidAmount';
import { PaymentStatusBadge } from './PaymentStatusBadge';

/** A booking's details as a description list (the list's details dialog; spec §2). */
export function BookingFacts({ booking }: { booking: BookingDto }) {
  const { t } = useTranslation(NS);
  const { language, formatCalendarDate } = useDateFormat();
  const provider = booking.provider;
  const providerName = provider ? localized(language, provider.businessName, provider.businessNameAr) : '';
  const city = provider ? localized(language, provider.city, provider.cityAr) : '';
  const rows: [string, ReactNode][] = [
    [t('facts.number'), <span dir="ltr">{booking.bookingNumber}</span>],
    [t('facts.when'), t('facts.dateAtTime', { date: formatCalendarDate(booking.scheduledDate, { dateStyle: 'full' }), time: formatTime(booking.scheduledTime, language) })],
    [t('facts.duration'), formatMinutes(booking.duration, language)],
    [t('facts.location'), <bdi>{booking.clientAddress}</bdi>],
    [t('facts.phone'), <span dir="ltr">{booking.clientPhone}</span>],
    [t('facts.provider'), providerName ? (city ? `${providerName} · ${city}` : providerName) : t('facts.notAssigned')],
    [t('facts.instructions'), booking.specialInstructions ? <bdi>{booking.specialInstructions}</bdi> : t('facts.none')],
    [t('facts.total'), <PaidAmount booking={booking} language={language} />],
    [t('facts.payment'), <PaymentStatusBadge status={booking.paymentStatus} />],
  ];
  if (booking.cancellationReason) rows.push([t('facts.cancellationReason'), <bdi>{booking.cancellationReason}</bdi>]);
  return (
    <dl className="kb-facts">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
