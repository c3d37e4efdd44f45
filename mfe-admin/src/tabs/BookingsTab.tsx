import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { BOOKING_STATUSES, type BookingDto, type PagedResponse } from '@khidma/contracts';
import { formatMoney, localized, useDateFormat } from '@khidma/web-kit';
import { NS } from '../namespace';
import { bookingsPath } from '../api';
import { PagedList } from '../components/PagedList';
import { StatusBadge } from '../components/StatusBadge';

/** Bookings: number, client, provider, date and time, status, payment and total, with a status filter. */
export default function BookingsTab() {
  const { t } = useTranslation(NS);
  const { language, formatDate } = useDateFormat();
  const columns = (): TableColumnsType<BookingDto> => [
    {
      key: 'number',
      title: t('bookings.number'),
      render: (_, row) => (
        <span className="ka-mono" dir="ltr">
          {row.bookingNumber}
        </span>
      ),
    },
    { key: 'client', title: t('bookings.client'), dataIndex: 'clientName' },
    {
      key: 'provider',
      title: t('bookings.provider'),
      render: (_, row) =>
        localized(language, row.provider.businessName, row.provider.businessNameAr),
    },
    {
      key: 'when',
      title: t('bookings.when'),
      // The booking's own calendar date and clock time, as booked (in the marketplace's time zone).
      render: (_, row) => (
        <time dateTime={row.startsAt}>
          {formatDate(`${row.scheduledDate}T${row.scheduledTime}:00Z`, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })}
        </time>
      ),
    },
    {
      key: 'status',
      title: t('bookings.status'),
      render: (_, row) => (
        <StatusBadge status={row.status} label={t(`bookingStatuses.${row.status}`)} />
      ),
    },
    {
      key: 'payment',
      title: t('bookings.payment'),
      render: (_, row) => (
        <StatusBadge status={row.paymentStatus} label={t(`paymentStatuses.${row.paymentStatus}`)} />
      ),
    },
    {
      key: 'total',
      title: t('bookings.total'),
      align: 'end',
      render: (_, row) => formatMoney(Number(row.totalAmount), language),
    },
  ];
  return (
    <PagedList<PagedResponse<BookingDto>, BookingDto>
      label={t('tabs.bookings')}
      pathFor={bookingsPath}
      pageOf={(answer) => ({ rows: answer.items, total: answer.total })}
      columns={columns}
      statusFilter={{
        options: BOOKING_STATUSES,
        label: (status) => t(`bookingStatuses.${status}`),
      }}
    />
  );
}
