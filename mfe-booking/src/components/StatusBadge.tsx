import { useTranslation } from 'react-i18next';
import type { BookingStatus } from '@khidma/contracts';
import { NS } from '../namespace';

/** A booking's status (spec §3) as a coloured badge with AA contrast. */
export function StatusBadge({ status }: { status: BookingStatus }) {
  const { t } = useTranslation(NS);
  return <span className={`kb-badge kb-status-${status}`}>{t(`status.${status}`)}</span>;
}
