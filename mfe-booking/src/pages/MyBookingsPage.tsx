import { useEffect, useId, useRef, useState } from 'react';
import { Alert, Button, Modal, Tabs } from 'antd';
import { CalendarOutlined, ClockCircleOutlined, EnvironmentOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { BOOKING_TABS, type BookingDto, type BookingListResponse, type BookingTab } from '@khidma/contracts';
import { currentLanguage, formatNumber, Link, PageHeader, Spinner, useDateFormat, useLoad, useSearchParams, useSession } from '@khidma/web-kit';
import { NS } from '../namespace';
import { listMyBookings } from '../api';
import { BookingFacts } from '../components/BookingFacts';
import { CancelDialog } from '../components/CancelDialog';
import { Notice } from '../components/Notice';
import { CreditSection } from '../components/CreditSection';
import { PaidAmount } from '../components/PaidAmount';
import { PaymentStatusBadge } from '../components/PaymentStatusBadge';
import { SeriesBadge } from '../components/SeriesBadge';
import { StatusBadge } from '../components/StatusBadge';
import { bookAgainUrl } from '../lib/bookingForm';
import { formatTime } from '../lib/dates';
import { errorMessage } from '../lib/errors';
import { providerNameOf, serviceTitleOf } from '../lib/localize';
import '../booking.css';

const TAB_NAMES = Object.keys(BOOKING_TABS) as BookingTab[];
const isTab = (value: string | null): value is BookingTab => TAB_NAMES.includes(value as BookingTab);

function BookingCard({
  booking,
  tab,
  focused = false,
  onDetails,
  onCancel,
}: {
  booking: BookingDto;
  tab: BookingTab;
  /** The first card "Load more" appended: focus moves to it, as the button may be gone. */
  focused?: boolean;
  onDetails: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(NS);
  const card = useRef<HTMLElement>(null);
  useEffect(() => {
    if (focused) card.current?.focus();
  }, [focused]);
  const { language, formatCalendarDate } = useDateFormat();
  const titleId = useId();
  const title = serviceTitleOf(booking, language, t);
  const provider = providerNameOf(booking, language, t);
  // Spec §2: Cancel only for pending bookings in Upcoming; the server's `actions` has the last word.
  const cancellable = tab === 'upcoming' && booking.status === 'pending' && booking.actions.cancel;
  return (
    <article ref={card} className="kb-card" aria-labelledby={titleId} tabIndex={focused ? -1 : undefined}>
      <div className="kb-card-head">
        {booking.service.imageUrl ? (
          // The photo the service had when booked; decorative, the title beside it names the service.
          <img className="kb-card-photo" src={booking.service.imageUrl} alt="" width={56} height={56} loading="lazy" decoding="async" />
        ) : null}
        <div className="kb-card-heading">
          <h3 id={titleId} className="kb-card-title">
            {title}
          </h3>
          <p className="kb-muted">{provider}</p>
          <SeriesBadge series={booking.series} />
        </div>
        <StatusBadge status={booking.status} />
      </div>
      <ul className="kb-meta">
        <li>
          <CalendarOutlined aria-hidden="true" /> {formatCalendarDate(booking.scheduledDate)}
        </li>
        {tab === 'upcoming' ? (
          <>
            <li>
              <ClockCircleOutlined aria-hidden="true" /> {formatTime(booking.scheduledTime, language)}
            </li>
            <li>
              <EnvironmentOutlined aria-hidden="true" /> <bdi>{booking.clientAddress}</bdi>
            </li>
          </>
        ) : null}
      </ul>
      {booking.status === 'cancelled' && booking.cancellationReason ? (
        <p className="kb-reason">
          <strong>{t('facts.cancellationReason')}:</strong> <bdi>{booking.cancellationReason}</bdi>
        </p>
      ) : null}
      <div className="kb-card-foot">
        <span className="kb-card-money">
          <PaidAmount booking={booking} language={language} /> <PaymentStatusBadge status={booking.paymentStatus} />
        </span>
        <span className="kb-card-buttons">
          <Button onClick={onDetails} aria-label={t('list.detailsOf', { service: title })}>
            {t('list.details')}
          </Button>
          {booking.status === 'completed' ? (
            <Link to={`/my-bookings/${encodeURIComponent(booking.id)}#review`} className="kb-btn kb-btn-outline" aria-label={t('list.leaveReviewOf', { service: title })}>
              {t('list.leaveReview')}
            </Link>
          ) : null}
          {booking.status === 'completed' ? (
            <Link to={bookAgainUrl(booking)} className="kb-btn kb-btn-outline" aria-label={t('list.bookAgainOf', { service: title })}>
              {t('list.bookAgain')}
            </Link>
          ) : null}
          {cancellable ? (
            <Button danger onClick={onCancel} aria-label={t('list.cancelOf', { service: title })}>
              {t('list.cancel')}
            </Button>
          ) : null}
        </span>
      </div>
    </article>
  );
}

function EmptyTab({ tab }: { tab: BookingTab }) {
  const { t } = useTranslation(NS);
  return (
    <Notice role={null} title={t(`list.empty.${tab}`)} text={t(`list.emptyText.${tab}`)}>
      {tab === 'upcoming' ? (
        <Link to="/services" className="kb-btn kb-btn-primary">
          {t('list.bookService')}
        </Link>
      ) : null}
    </Notice>
  );
}

/** Route /my-bookings and /bookings (spec §2 My Bookings list): the signed-in client's bookings by tab. */
export default function MyBookingsPage() {
  const { t } = useTranslation(NS);
  const language = currentLanguage();
  const userId = useSession((s) => s.user?.id ?? null);
  const status = useSession((s) => s.status);
  const [params, setParams] = useSearchParams();
  const tab: BookingTab = isTab(params.get('tab')) ? (params.get('tab') as BookingTab) : 'upcoming';
  const [details, setDetails] = useState<BookingDto | null>(null);
  const [cancelling, setCancelling] = useState<BookingDto | null>(null);

  const [creditVersion, setCreditVersion] = useState(0);
  // The shown tab's first page; "Load more" appends the next ones (the server holds which booking is in which tab).
  const key = userId === null ? null : `${userId}:${tab}`;
  const { state, reload, update } = useLoad<BookingListResponse>(key, (signal) => listMyBookings(userId!, { tab }, signal));
  // The tab labels keep the last known counts while another tab's first page loads.
  const [counts, setCounts] = useState<BookingListResponse['counts'] | null>(null);
  if (state.status === 'ready' && state.data.counts !== counts) setCounts(state.data.counts);
  const [more, setMore] = useState<{ key: string; status: 'loading' } | { key: string; status: 'error'; error: unknown } | null>(null);
  const moreOfThisTab = more?.key === key ? more : null;
  const [firstAppended, setFirstAppended] = useState<string | null>(null);

  const loadMore = async (after: string) => {
    setMore({ key: key!, status: 'loading' });
    try {
      const next = await listMyBookings(userId!, { tab, after });
      // Appended only to the page it continues: not after a switch of tab or a reload in the meantime.
      update((shown) => (shown.nextCursor === after ? { ...next, bookings: [...shown.bookings, ...next.bookings] } : shown));
      setFirstAppended(next.bookings[0]?.id ?? null);
      setMore(null);
    } catch (error) {
      setMore({ key: key!, status: 'error', error });
    }
  };

  const tabContent = (list: BookingListResponse) => {
    if (list.bookings.length === 0) return <EmptyTab tab={tab} />;
    const failed = moreOfThisTab?.status === 'error' ? errorMessage(moreOfThisTab.error, 'loadBookings') : null;
    return (
      <>
        <div className="kb-cards">
          {list.bookings.map((booking) => (
            <BookingCard
              key={booking.id}
              booking={booking}
              tab={tab}
              focused={booking.id === firstAppended}
              onDetails={() => setDetails(booking)}
              onCancel={() => setCancelling(booking)}
            />
          ))}
        </div>
        {failed ? <Alert type="error" showIcon role="alert" title={t(failed.key, failed.values)} /> : null}
        {list.nextCursor ? (
          <div className="kb-load-more">
            <Button loading={moreOfThisTab?.status === 'loading'} onClick={() => void loadMore(list.nextCursor!)}>
              {t('list.loadMore')}
            </Button>
          </div>
        ) : null}
      </>
    );
  };

  let body;
  if (status === 'anonymous') {
    body = (
      <Notice title={t('errors.signInTitle')} text={t('list.signIn')}>
        <Link to={`/login?redirect=${encodeURIComponent('/my-bookings')}`} className="kb-btn kb-btn-primary">
          {t('actions.signIn')}
        </Link>
      </Notice>
    );
  } else if (status === 'loading' || (state.status === 'loading' && counts === null)) {
    body = <Spinner />;
  } else if (state.status === 'error') {
    const failed = errorMessage(state.error, 'loadBookings');
    body = (
      <Notice title={t('errors.title')} text={t(failed.key, failed.values)}>
        <Button type="primary" onClick={reload}>
          {t('actions.retry')}
        </Button>
      </Notice>
    );
  } else {
    const shownCounts = state.status === 'ready' ? state.data.counts : counts!;
    body = (
      <Tabs
        className="kb-tabs"
        activeKey={tab}
        onChange={(name) => setParams(name === 'upcoming' ? {} : { tab: name }, { replace: true })}
        items={TAB_NAMES.map((name) => ({
          key: name,
          label: t(`list.tabs.${name}`, { n: formatNumber(shownCounts[name], language) }),
          // Only the shown tab's bookings are loaded.
          children: name !== tab ? null : state.status === 'ready' ? tabContent(state.data) : <Spinner />,
        }))}
      />
    );
  }

  return (
    <div className="kh-page kb-list">
      <PageHeader title={t('myBookings.title')} subtitle={t('myBookings.subtitle')} />
      {state.status === 'ready' ? <CreditSection version={creditVersion} /> : null}
      {body}
      <Modal
        open={details !== null}
        title={details ? serviceTitleOf(details, language, t) : ''}
        onCancel={() => setDetails(null)}
        footer={[
          <Link key="page" to={details ? `/my-bookings/${encodeURIComponent(details.id)}` : '#'} className="kb-btn kb-btn-outline">
            {t('list.openPage')}
          </Link>,
          details?.status === 'pending' && details.actions.cancel ? (
            <Button
              key="cancel"
              danger
              onClick={() => {
                setCancelling(details);
                setDetails(null);
              }}
            >
              {t('detail.cancel')}
            </Button>
          ) : null,
          <Button key="close" type="primary" onClick={() => setDetails(null)}>
            {t('actions.close')}
          </Button>,
        ]}
      >
        {details ? <BookingFacts booking={details} /> : null}
      </Modal>
      <CancelDialog booking={cancelling} shortReason="disable" onClose={() => setCancelling(null)} onCancelled={() => {
          reload();
          // A refund may have returned credit.
          setCreditVersion((version) => version + 1);
        }}
      />
    </div>
  );
}
