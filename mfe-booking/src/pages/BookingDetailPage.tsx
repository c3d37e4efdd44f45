import { useState, type ReactNode } from 'react';
import { Avatar, Button } from 'antd';
import {
  ArrowLeftOutlined,
  CalendarOutlined,
  ClockCircleOutlined,
  CreditCardOutlined,
  EnvironmentOutlined,
  MessageOutlined,
  PhoneOutlined,
  ScheduleOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { BookingDto } from '@khidma/contracts';
import { ApiError, formatMoney, Link, PageHeader, Spinner, useDateFormat, useLoad, useNavigate, useParams, useSession } from '@khidma/web-kit';
import { NS } from '../namespace';
import { getBooking } from '../api';
import { CancelDialog } from '../components/CancelDialog';
import { PaidAmount } from '../components/PaidAmount';
import { Notice } from '../components/Notice';
import { PaymentStatusBadge } from '../components/PaymentStatusBadge';
import { RescheduleDialog } from '../components/RescheduleDialog';
import { ReviewPanel } from '../components/ReviewPanel';
import { DisputePanel } from '../components/DisputePanel';
import { SeriesBadge } from '../components/SeriesBadge';
import { StatusBadge } from '../components/StatusBadge';
import { bookAgainUrl } from '../lib/bookingForm';
import { formatMinutes, formatTime } from '../lib/dates';
import { errorMessage, isNetworkError } from '../lib/errors';
import { initial, providerNameOf, serviceTitleOf } from '../lib/localize';
import '../booking.css';

/** Spec §7: the booking fetch is retried once; a refusal (not found, not yours) is final. */
const worthRetrying = (error: unknown) =>
  isNetworkError(error) || (error instanceof ApiError && ![401, 403, 404].includes(error.status));

function Fact({ icon, label, children }: { icon?: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="kb-fact">
      <dt>
        {icon} {label}
      </dt>
      <dd>{children}</dd>
    </div>
  );
}

function BookingDetail({ booking, onChange }: { booking: BookingDto; onChange: (booking: BookingDto) => void }) {
  const { t } = useTranslation(NS);
  const { language, formatCalendarDate } = useDateFormat();
  const navigate = useNavigate();
  const [cancelling, setCancelling] = useState<'one' | 'following' | null>(null);
  const [rescheduling, setRescheduling] = useState(false);
  const title = serviceTitleOf(booking, language, t);
  const provider = booking.provider;
  const providerName = providerNameOf(booking, language, t);
  const canContact = booking.status !== 'cancelled' && booking.status !== 'completed';
  const userId = useSession((s) => s.user?.id);

  const pay = () => {
    const query = new URLSearchParams({ booking_id: booking.id, amount: booking.totalAmount, service: title });
    navigate(`/payment?${query.toString()}`);
  };
  const contact = () => {
    const query = new URLSearchParams({ provider: booking.providerId, booking: booking.id });
    navigate(`/chat?${query.toString()}`);
  };

  return (
    <>
      <PageHeader title={title} subtitle={t('detail.number', { number: booking.bookingNumber })}>
        <p className="kb-header-badges">
          <StatusBadge status={booking.status} /> <PaymentStatusBadge status={booking.paymentStatus} /> <SeriesBadge series={booking.series} />
        </p>
      </PageHeader>
      <div className="kb-layout">
        <div className="kb-main">
          <section className="kb-panel" aria-labelledby="kb-when">
            <h2 id="kb-when" className="kb-panel-title">
              {t('detail.appointment')}
            </h2>
            <dl className="kb-facts">
              <Fact icon={<CalendarOutlined aria-hidden="true" />} label={t('facts.when')}>
                {t('facts.dateAtTime', { date: formatCalendarDate(booking.scheduledDate, { dateStyle: 'full' }), time: formatTime(booking.scheduledTime, language) })}
              </Fact>
              {booking.duration ? (
                <Fact icon={<ClockCircleOutlined aria-hidden="true" />} label={t('facts.duration')}>
                  {formatMinutes(booking.duration, language)}
                </Fact>
              ) : null}
              <Fact icon={<EnvironmentOutlined aria-hidden="true" />} label={t('facts.location')}>
                <bdi>{booking.clientAddress}</bdi>
              </Fact>
              {booking.clientPhone ? (
                <Fact icon={<PhoneOutlined aria-hidden="true" />} label={t('facts.phone')}>
                  <span dir="ltr">{booking.clientPhone}</span>
                </Fact>
              ) : null}
              <Fact label={t('facts.instructions')}>{booking.specialInstructions ? <bdi>{booking.specialInstructions}</bdi> : t('facts.none')}</Fact>
              {booking.cancellationReason ? <Fact label={t('facts.cancellationReason')}>
                  <bdi>{booking.cancellationReason}</bdi>
                </Fact> : null}
            </dl>
          </section>
          <section className="kb-panel" aria-labelledby="kb-payment">
            <h2 id="kb-payment" className="kb-panel-title">
              {t('detail.payment')}
            </h2>
            <dl className="kb-facts">
              <Fact icon={<CreditCardOutlined aria-hidden="true" />} label={t('facts.total')}>
                <PaidAmount booking={booking} language={language} />
              </Fact>
              <Fact label={t('facts.payment')}>
                <PaymentStatusBadge status={booking.paymentStatus} />
              </Fact>
            </dl>
          </section>
          {booking.status === 'completed' ? <ReviewPanel bookingId={booking.id} /> : null}
          {booking.status === 'completed' ? <DisputePanel bookingId={booking.id} isClient={booking.clientId === userId} /> : null}
        </div>
        <aside className="kb-side" aria-label={t('detail.aside')}>
          <section className="kb-panel" aria-labelledby="kb-provider">
            <h2 id="kb-provider" className="kb-panel-title">
              {t('facts.provider')}
            </h2>
            <div className="kb-provider">
              <Avatar size={48} className="kb-avatar" aria-hidden="true">
                {initial(providerName)}
              </Avatar>
              <div>
                <p className="kb-provider-name">{providerName}</p>
                {provider.email ? (
                  <p>
                    <a href={`mailto:${provider.email}`} dir="ltr">
                      {provider.email}
                    </a>
                  </p>
                ) : null}
                {provider.phone ? (
                  <p>
                    <a href={`tel:${provider.phone.replace(/[^\d+]/g, '')}`} dir="ltr">
                      {provider.phone}
                    </a>
                  </p>
                ) : null}
              </div>
            </div>
          </section>
          <section className="kb-panel kb-actions" aria-labelledby="kb-actions">
            <h2 id="kb-actions" className="kb-panel-title">
              {t('detail.actions')}
            </h2>
            {booking.actions.pay ? (
              <Button type="primary" block icon={<CreditCardOutlined aria-hidden="true" />} onClick={pay}>
                {t('detail.pay', { amount: formatMoney(booking.totalAmount, language, 'amount') })}
              </Button>
            ) : null}
            {booking.actions.reschedule ? (
              <Button block icon={<ScheduleOutlined aria-hidden="true" />} onClick={() => setRescheduling(true)}>
                {t('detail.reschedule')}
              </Button>
            ) : null}
            {canContact ? (
              <Button block icon={<MessageOutlined aria-hidden="true" />} onClick={contact}>
                {t('detail.contact')}
              </Button>
            ) : null}
            {booking.actions.cancel ? (
              <Button block danger onClick={() => setCancelling('one')}>
                {t('detail.cancel')}
              </Button>
            ) : null}
            {booking.actions.cancel && booking.series ? (
              <Button block danger onClick={() => setCancelling('following')}>
                {t('detail.cancelFollowing')}
              </Button>
            ) : null}
            {booking.status === 'completed' ? (
              <Link to={bookAgainUrl(booking)} className="kb-btn kb-btn-primary kb-btn-block">
                {t('detail.bookAgain')}
              </Link>
            ) : null}
            {!booking.actions.pay && !booking.actions.reschedule && !canContact && !booking.actions.cancel && booking.status !== 'completed' ? (
              <p className="kb-hint">{t('detail.noActions')}</p>
            ) : null}
          </section>
        </aside>
      </div>
      <CancelDialog
        booking={cancelling ? booking : null}
        scope={cancelling ?? 'one'}
        shortReason="toast"
        onClose={() => setCancelling(null)}
        onCancelled={(result) => onChange(result)}
      />
      {booking.actions.reschedule ? (
        <RescheduleDialog booking={booking} open={rescheduling} onClose={() => setRescheduling(false)} onRescheduled={onChange} />
      ) : null}
    </>
  );
}

/** Route /my-bookings/:id (spec §2 Booking detail): one booking from the server, with what may be done to it. */
export default function BookingDetailPage() {
  const { t } = useTranslation(NS);
  const { id = '' } = useParams();
  const status = useSession((s) => s.status);
  const { state, reload, update } = useLoad<BookingDto>(status === 'authenticated' && id ? id : null, (signal) => getBooking(id, signal), {
    retryOnce: worthRetrying,
  });

  let body;
  if (status === 'anonymous') {
    body = (
      <Notice level={1} title={t('errors.signInTitle')} text={t('list.signIn')}>
        <Link to={`/login?redirect=${encodeURIComponent(`/my-bookings/${id}`)}`} className="kb-btn kb-btn-primary">
          {t('actions.signIn')}
        </Link>
      </Notice>
    );
  } else if (status === 'loading' || state.status === 'loading') {
    body = (
      <>
        <PageHeader title={t('bookingDetail.title')} />
        <Spinner />
      </>
    );
  } else if (state.status === 'error') {
    const notFound = state.error instanceof ApiError && (state.error.status === 404 || state.error.status === 403);
    const failed = errorMessage(state.error, 'loadBooking');
    body = notFound ? (
      <Notice level={1} title={t('detail.notFoundTitle')} text={t('detail.notFoundText')}>
        <Link to="/my-bookings" className="kb-btn kb-btn-primary">
          {t('detail.back')}
        </Link>
      </Notice>
    ) : (
      <Notice level={1} title={t('bookingDetail.title')} text={t(failed.key, failed.values)}>
        <Button type="primary" onClick={reload}>
          {t('actions.retry')}
        </Button>
      </Notice>
    );
  } else {
    body = <BookingDetail booking={state.data} onChange={(booking) => update(() => booking)} />;
  }

  return (
    <div className="kh-page kb-detail">
      <Link to="/my-bookings" className="kb-back">
        <ArrowLeftOutlined aria-hidden="true" className="kb-flip" /> {t('detail.back')}
      </Link>
      {body}
    </div>
  );
}
