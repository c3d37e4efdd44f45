import { useTranslation } from 'react-i18next';
import type { PaymentStatus } from '@khidma/contracts';
import { NS } from '../namespace';

/** A booking's payment status (spec §3): paid, pending, failed or refunded. */
export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation(NS);
  return <span className={`kb-badge kb-pay-${status}`}>{t(`paymentStatus.${status}`)}</span>;
}
