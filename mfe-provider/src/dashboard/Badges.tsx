import { useTranslation } from 'react-i18next';
import type { BookingStatus, PaymentStatus, ServiceStatus } from '@khidma/contracts';
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
