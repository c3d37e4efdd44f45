import { useState } from 'react';
import { Avatar, Button, Select, Skeleton, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ProviderBookingRowDto } from '@khidma/contracts';
import { currentLanguage, formatMoney, localized, showToast, useDateFormat, useLoad } from '@khidma/web-kit';
import { NS } from '../namespace';
import { BOOKING_PERIODS, getBookings, transitionBooking, type BookingPeriod, type BookingTransition } from '../api';
import { errorMessage } from '../lib/errors';
import { BookingStatusBadge, PaymentStatusBadge, SeriesBadge } from './Badges';
import { DeclineDialog } from './DeclineDialog';
import { LoadError } from './LoadError';

/** The buttons a row may show, in the order of the booking's life; `actions` from the server decides. */
const TRANSITIONS: BookingTransition[] = ['accept', 'decline', 'start', 'complete'];

/** What the client really paid (after a promo discount, credit included) once paid; the list price before. */
function PaidAmount({ row }: { row: ProviderBookingRowDto }) {
  const { t } = useTranslation(NS);
  const language = currentLanguage();
  const money = (amount: string) => formatMoney(Number(amount), language);
  if (!row.paid) return <>{money(row.amount)}</>;
  const notes: string[] = [];
  if (Number(row.paid.discount) > 0) notes.push(t('dashboard.bookings.paid.listPrice', { amount: money(row.amount) }), t('dashboard.bookings.paid.discount', { amount: money(row.paid.discount), code: row.paid.promoCode ?? '' }));
  if (Number(row.paid.credit) > 0) notes.push(t('dashboard.bookings.paid.credit', { amount: money(row.paid.credit) }));
  if (Number(row.paid.refunded) > 0) notes.push(t('dashboard.bookings.paid.refunded', { amount: money(row.paid.refunded) }));
  return (
    <span className="kp-paid">
      {t('dashboard.bookings.paid.amount', { amount: money(row.paid.amount) })}
      {notes.length > 0 ? <span className="kp-paid-note">{notes.join(' · ')}</span> : null}
    </span>
  );
}

/** Spec §2/§3 provider bookings with the period selector (month by default, spec §9) and the provider's actions. */
export function BookingsSection() {
  const { t } = useTranslation(NS);
  const { language, formatCalendarDate } = useDateFormat();
  const [period, setPeriod] = useState<BookingPeriod>('month');
  const { state, reload } = useLoad(`bookings:${period}`, (signal) => getBookings(period, signal));
  const [busy, setBusy] = useState<string | null>(null);
  const [declining, setDeclining] = useState<ProviderBookingRowDto | null>(null);

  const run = async (row: ProviderBookingRowDto, transition: BookingTransition, reason?: string) => {
    setBusy(`${row.id}:${transition}`);
    try {
      await transitionBooking(row.id, transition, reason);
      showToast('success', t(`dashboard.bookings.done.${transition}`, { booking: row.bookingNumber }));
      setDeclining(null);
      // No optimistic change: the list is read again, so it shows what the server decided.
      reload();
    } catch (error) {
      const message = errorMessage(error, `dashboard.bookings.failed.${transition}`);
      showToast('error', t(message.key, message.values));
    } finally {
      setBusy(null);
    }
  };

  const serviceName = (row: ProviderBookingRowDto) => localized(language, row.service, row.serviceAr);

  return (
    <section className="kp-section kp-panel" aria-labelledby="kp-bookings-heading">
      <div className="kp-section-head">
        <h2 id="kp-bookings-heading">{t('dashboard.bookings.title')}</h2>
        <label className="kp-inline-label">
          <span>{t('dashboard.bookings.period')}</span>
          <Select
            value={period}
            onChange={setPeriod}
            style={{ minInlineSize: 140 }}
            aria-label={t('dashboard.bookings.period')}
            options={BOOKING_PERIODS.map((value) => ({ value, label: t(`periods.${value}`) }))}
          />
        </label>
      </div>
      {state.status === 'loading' ? <Skeleton active paragraph={{ rows: 4 }} /> : null}
      {state.status === 'error' ? <LoadError error={state.error} fallbackKey="dashboard.bookings.loadFailed" onRetry={reload} /> : null}
      {state.status === 'ready' ? (
        <Table<ProviderBookingRowDto>
          rowKey="id"
          dataSource={state.data.bookings}
          pagination={state.data.bookings.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('dashboard.bookings.empty') }}
          columns={[
            {
              key: 'client',
              title: t('dashboard.bookings.columns.client'),
              render: (_, row) => (
                <Space>
                  <Avatar src={row.clientAvatar ?? undefined} alt="" aria-hidden="true">
                    {row.clientName.slice(0, 1)}
                  </Avatar>
                  <span>
                    {row.clientName}
                    <br />
                    <span className="kp-muted">{row.bookingNumber}</span>
                  </span>
                </Space>
              ),
            },
            { key: 'service', title: t('dashboard.bookings.columns.service'), render: (_, row) => serviceName(row) },
            {
              key: 'date',
              title: t('dashboard.bookings.columns.date'),
              render: (_, row) => (
                <span>
                  {formatCalendarDate(row.date)} <bdi>{row.time}</bdi>
                  {row.series ? (
                    <>
                      <br />
                      <SeriesBadge series={row.series} />
                    </>
                  ) : null}
                </span>
              ),
            },
            { key: 'amount', title: t('dashboard.bookings.columns.amount'), render: (_, row) => <PaidAmount row={row} /> },
            {
              key: 'status',
              title: t('dashboard.bookings.columns.status'),
              render: (_, row) => (
                <Space orientation="vertical" size={4}>
                  <BookingStatusBadge status={row.status} />
                  <PaymentStatusBadge status={row.paymentStatus} />
                </Space>
              ),
            },
            {
              key: 'actions',
              title: t('dashboard.bookings.columns.actions'),
              render: (_, row) => {
                const allowed = TRANSITIONS.filter((transition) => row.actions[transition]);
                if (allowed.length === 0) return <span className="kp-muted">{t('dashboard.bookings.noActions')}</span>;
                return (
                  <Space wrap>
                    {allowed.map((transition) => (
                      <Button
                        key={transition}
                        size="small"
                        type={transition === 'decline' ? 'default' : 'primary'}
                        danger={transition === 'decline'}
                        loading={busy === `${row.id}:${transition}`}
                        disabled={busy !== null && busy !== `${row.id}:${transition}`}
                        aria-label={t(`dashboard.bookings.actionLabels.${transition}`, { booking: row.bookingNumber })}
                        onClick={() => (transition === 'decline' ? setDeclining(row) : void run(row, transition))}
                      >
                        {t(`dashboard.bookings.actions.${transition}`)}
                      </Button>
                    ))}
                  </Space>
                );
              },
            },
          ]}
        />
      ) : null}
      <DeclineDialog
        open={declining !== null}
        bookingLabel={declining?.bookingNumber ?? ''}
        busy={declining !== null && busy === `${declining.id}:decline`}
        onConfirm={(reason) => declining && void run(declining, 'decline', reason || undefined)}
        onClose={() => setDeclining(null)}
      />
    </section>
  );
}
