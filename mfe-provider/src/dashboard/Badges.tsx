import { useTranslation } from 'react-i18next';
import type { BookingSeriesInfo, BookingStatus, DisputeStatus, PaymentStatus, ServiceStatus } from '@khidma/contracts';
import { currentLanguage, formatNumber } from '@khidma/web-kit';
import { NS } from '../namespace';

/** Status words as coloured badges (AA contrast); the colour only repeats what the word says. */
export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  const { t } = useTranslation(NS);
  return <span className={`kp-badge kp-booking-${status}`}>{t(`bookingStatus.${status}`)}</span>;
}

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation(NS);
  return <span className={`kp-badge kp-payment-${status}`}>{t(`paymentStatus.${status}`)}</span>;
}

export function ServiceStatusBadge({ status }: { status: ServiceStatus }) {
  const { t } = useTranslation(NS);
  return <span className={`kp-badge kp-service-${status}`}>{t(`serviceStatus.${status}`)}</span>;
}

export function DisputeStatusBadge({ status }: { status: DisputeStatus }) {
  const { t } = useTranslation(NS);
  return <span className={`kp-badge kp-dispute-${status}`}>{t(`dashboard.disputes.statuses.${status}`)}</span>;
}

/** "Weekly · 3 of 6": the booking is one occurrence of a client's recurring series. */
export function SeriesBadge({ series }: { series: BookingSeriesInfo | null }) {
  const { t } = useTranslation(NS);
  const language = currentLanguage();
  if (!series) return null;
  return (
    <span className="kp-badge kp-series">
      {t('series.badge', { frequency: t(`series.frequency.${series.frequency}`), index: formatNumber(series.index, language), size: formatNumber(series.size, language) })}
    </span>
  );
}
