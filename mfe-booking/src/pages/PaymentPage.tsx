import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Checkbox, Input, Radio, Skeleton } from 'antd';
import { AppleFilled, CreditCardOutlined, LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  normalizePromoCode,
  REDIRECT_DELAYS_MS,
  SERVICE_FEE,
  TEST_CARDS,
  type BookingDto,
  type PaymentMethod,
  type PriceBreakdown,
} from '@khidma/contracts';
import { ApiError, currentLanguage, formatMoney, Link, PageHeader, showToast, useDateFormat, useLoad, useLocation, useNavigate, useSearchParams, useSession } from '@khidma/web-kit';
import { NS } from '../namespace';
import { checkPromoCode, getBooking, getMyCredit, processPayment } from '../api';
import { Field } from '../components/Field';
import { Notice } from '../components/Notice';
import { PromoCodeField } from '../components/PromoCodeField';
import { formatTime } from '../lib/dates';
import { errorMessage, isNetworkError, isPromoError, type ErrorMessage } from '../lib/errors';
import { serviceTitleOf } from '../lib/localize';
import {
  AttemptKeys,
  cardShare,
  creditToApply,
  formatExpiry,
  groupCardNumber,
  paymentErrors,
  paymentRequest,
  type PaymentField,
  type PaymentForm,
} from '../lib/payment';
import '../booking.css';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A retry of the same attempt is safe only when the first answer never came or the server failed. */
const mayRetrySameAttempt = (error: unknown) => isNetworkError(error) || (error instanceof ApiError && error.status >= 500);

/** The summary's bill: the booking's total, less an applied promo code's discount. */
function OrderSummary({ booking, charge, credit }: { booking: BookingDto; charge: PriceBreakdown | null; credit: string }) {
  const { t } = useTranslation(NS);
  const { language, formatCalendarDate } = useDateFormat();
  const subtotal = Number(booking.totalAmount);
  const total = Number(charge?.total ?? booking.totalAmount);
  return (
    <section className="kb-panel" aria-labelledby="kb-summary-title">
      <h2 id="kb-summary-title" className="kb-panel-title">
        {t('payment.summary')}
      </h2>
      <dl className="kb-facts kb-summary">
        <div>
          <dt>{t('payment.service')}</dt>
          <dd>{serviceTitleOf(booking, language, t)}</dd>
        </div>
        <div>
          <dt>{t('payment.bookingId')}</dt>
          <dd dir="ltr">{booking.bookingNumber}</dd>
        </div>
        <div>
          <dt>{t('payment.date')}</dt>
          <dd>{t('facts.dateAtTime', { date: formatCalendarDate(booking.scheduledDate), time: formatTime(booking.scheduledTime, language) })}</dd>
        </div>
        <div>
          <dt>{t('payment.subtotal')}</dt>
          <dd>{formatMoney(subtotal, language, 'amount')}</dd>
        </div>
        <div>
          <dt>{t('payment.fee')}</dt>
          <dd>{formatMoney(SERVICE_FEE, language, 'amount')}</dd>
        </div>
        {charge?.promoCode ? (
          <div className="kb-discount">
            <dt>{t('payment.discount', { code: charge.promoCode })}</dt>
            {/* The minus belongs to the amount: kept left of it in Arabic too. */}
            <dd>
              <bdi dir="ltr">−{formatMoney(charge.discount, language, 'amount')}</bdi>
            </dd>
          </div>
        ) : null}
        <div className="kb-total">
          <dt>{t('payment.total')}</dt>
          <dd>{formatMoney(total + SERVICE_FEE, language, 'amount')}</dd>
        </div>
        {Number(credit) > 0 ? (
          <>
            <div className="kb-discount">
              <dt>{t('payment.creditLine')}</dt>
              <dd>
                <bdi dir="ltr">−{formatMoney(credit, language, 'amount')}</bdi>
              </dd>
            </div>
            <div className="kb-total">
              <dt>{t('payment.toPayByCard')}</dt>
              <dd>{formatMoney(Number(cardShare(String(total), credit)) + SERVICE_FEE, language, 'amount')}</dd>
            </div>
          </>
        ) : null}
      </dl>
    </section>
  );
}

function TestCards({ onUse }: { onUse: (number: string) => void }) {
  const { t } = useTranslation(NS);
  return (
    <div className="kb-test-notice" role="note" aria-labelledby="kb-test-title">
      <p id="kb-test-title" className="kb-test-title">
        {t('payment.testTitle')}
      </p>
      <p>{t('payment.testText')}</p>
      <ul className="kb-test-cards">
        {Object.entries(TEST_CARDS).map(([number, outcome]) => (
          <li key={number}>
            <code dir="ltr">{groupCardNumber(number)}</code> <span>{t(`payment.testOutcome.${outcome}`)}</span>{' '}
            <Button size="small" type="link" onClick={() => onUse(number)} aria-label={t('payment.useCardLabel', { number })}>
              {t('payment.useCard')}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}

const EMPTY_FORM: PaymentForm = { paymentMethod: 'card', cardNumber: '', cardHolder: '', expiry: '', cvv: '' };

function PaymentFormPanel({
  booking,
  charge,
  onCharge,
  onAlreadyPaid,
  creditBalance,
  useCredit,
  onUseCredit,
  onCreditChanged,
}: {
  booking: BookingDto;
  /** The applied promo code's bill, or null. */
  charge: PriceBreakdown | null;
  onCharge: (charge: PriceBreakdown | null) => void;
  onAlreadyPaid: () => void;
  /** The client's Khidma credit balance ("0.00" without any). */
  creditBalance: string;
  useCredit: boolean;
  onUseCredit: (use: boolean) => void;
  /** The balance turned out different at payment: read it again. */
  onCreditChanged: () => void;
}) {
  const { t } = useTranslation(NS);
  const language = currentLanguage();
  const navigate = useNavigate();
  const [form, setForm] = useState<PaymentForm>(EMPTY_FORM);
  const [checked, setChecked] = useState(false);
  const [phase, setPhase] = useState<'idle' | 'processing' | 'paid'>('idle');
  const [failure, setFailure] = useState<{ title: string; message: ErrorMessage } | null>(null);
  const [promoCode, setPromoCode] = useState('');
  const [promoError, setPromoError] = useState<ErrorMessage | null>(null);
  const [checkingPromo, setCheckingPromo] = useState(false);
  const keys = useRef(new AttemptKeys());
  const formRef = useRef<HTMLFormElement>(null);
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(redirect.current), []);

  const total = charge?.total ?? booking.totalAmount;
  // Credit goes after the promo discount; the card pays what is left, if anything.
  const credit = useCredit ? creditToApply(creditBalance, total) : '0.00';
  const cardAmount = cardShare(total, credit);
  const cardNeeded = Number(cardAmount) > 0;
  const amount = formatMoney(Number(cardAmount) + SERVICE_FEE, language, 'amount');

  const applyPromo = async () => {
    setPromoError(null);
    setCheckingPromo(true);
    try {
      onCharge(await checkPromoCode(booking.id, promoCode.trim()));
    } catch (error) {
      onCharge(null);
      setPromoError(errorMessage(error, 'promo'));
    } finally {
      setCheckingPromo(false);
    }
  };
  const changePromo = (value: string) => {
    setPromoCode(value);
    setPromoError(null);
    // An edited code is not the one checked: its discount goes until it is applied again.
    if (charge && normalizePromoCode(value) !== charge.promoCode) onCharge(null);
  };
  const errors = checked && cardNeeded ? paymentErrors(form) : {};
  const message = (field: PaymentField) => (errors[field] ? t(`payment.errors.${errors[field]}`) : null);
  const set = (name: keyof PaymentForm, value: string) => {
    setForm((current) => ({ ...current, [name]: value }));
    setFailure(null);
  };

  const submit = async () => {
    setChecked(true);
    setFailure(null);
    if (cardNeeded && Object.keys(paymentErrors(form)).length > 0) {
      setFailure({ title: t('payment.formErrorTitle'), message: { key: 'payment.formErrorText', values: {} } });
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setPhase('processing');
    // Spec §4: Processing is shown for 1.5 s before the payment is sent.
    await wait(REDIRECT_DELAYS_MS.paymentSubmit);
    const request = paymentRequest(booking.id, cardAmount, form, charge?.promoCode, credit);
    const key = keys.current.keyFor(request);
    try {
      const answer = await processPayment(request, key);
      keys.current.finish();
      setPhase('paid');
      const paid = formatMoney(Number(answer.charge.total), language, 'amount');
      showToast('success', `${t('payment.successTitle')} ${t('payment.successText', { amount: paid })}`);
      redirect.current = setTimeout(() => navigate('/my-bookings'), REDIRECT_DELAYS_MS.paymentSuccess);
    } catch (error) {
      setPhase('idle');
      if (!mayRetrySameAttempt(error)) keys.current.finish();
      if (error instanceof ApiError && error.code === 'already_paid') {
        onAlreadyPaid();
        return;
      }
      const failed = errorMessage(error, 'pay');
      if (error instanceof ApiError && error.code === 'credit_insufficient') onCreditChanged();
      if (isPromoError(error)) {
        // The code stopped applying meanwhile (used up, expired): say so at the field, charge nothing,
        // keep what was typed; paying again without it is the client's choice.
        onCharge(null);
        setPromoError(failed);
      }
      const declined = error instanceof ApiError && error.status === 402;
      const title = declined ? t('payment.declinedTitle') : t('payment.failedTitle');
      setFailure({ title, message: failed });
      showToast('error', `${title} - ${t(failed.key, failed.values)}`);
    }
  };

  if (phase === 'paid') {
    return (
      <section className="kb-panel kb-paid" role="status">
        <h2 className="kb-panel-title">{t('payment.successTitle')}</h2>
        <p>{t('payment.successText', { amount })}</p>
        <p className="kb-hint">{t('payment.redirecting')}</p>
      </section>
    );
  }

  const card = form.paymentMethod === 'card';
  const creditPanel =
    Number(creditBalance) > 0 ? (
      <div className="kb-field kb-credit-use">
        <p className="kb-hint">{t('payment.creditBalance', { amount: formatMoney(creditBalance, language, 'amount') })}</p>
        <Checkbox checked={useCredit} disabled={phase !== 'idle'} onChange={(event) => onUseCredit(event.target.checked)}>
          {t('payment.creditLabel', { amount: formatMoney(creditToApply(creditBalance, total), language, 'amount') })}
        </Checkbox>
        {!cardNeeded ? (
          <p className="kb-note" role="status">
            {t('payment.creditCovers')}
          </p>
        ) : null}
      </div>
    ) : null;
  return (
    <form
      ref={formRef}
      className="kb-panel kb-form"
      noValidate
      aria-labelledby="kb-pay-title"
      aria-busy={phase === 'processing'}
      onSubmit={(event) => {
        event.preventDefault();
        if (phase === 'idle') void submit();
      }}
    >
      <h2 id="kb-pay-title" className="kb-panel-title">
        {t('payment.method')}
      </h2>
      {creditPanel}
      {cardNeeded ? (
      <Radio.Group
        className="kb-methods"
        aria-labelledby="kb-pay-title"
        value={form.paymentMethod}
        onChange={(event) => set('paymentMethod', event.target.value as PaymentMethod)}
        disabled={phase !== 'idle'}
      >
        <Radio.Button value="card">
          <CreditCardOutlined aria-hidden="true" /> {t('payment.card')}
        </Radio.Button>
        <Radio.Button value="apple_pay">
          <AppleFilled aria-hidden="true" /> {t('payment.applePay')}
        </Radio.Button>
      </Radio.Group>
      ) : null}
      {cardNeeded ? (
      <>
      {card ? (
        <fieldset className="kb-card-fields" disabled={phase !== 'idle'}>
          <legend className="kh-visually-hidden">{t('payment.cardDetails')}</legend>
          <Field label={t('payment.cardNumber')} required error={message('cardNumber')}>
            <Input
              dir="ltr"
              inputMode="numeric"
              autoComplete="cc-number"
              placeholder="4242 4242 4242 4242"
              value={form.cardNumber}
              onChange={(event) => set('cardNumber', groupCardNumber(event.target.value))}
            />
          </Field>
          <Field label={t('payment.cardHolder')} required error={message('cardHolder')}>
            <Input dir="auto" autoComplete="cc-name" value={form.cardHolder} onChange={(event) => set('cardHolder', event.target.value)} />
          </Field>
          <div className="kb-row">
            <Field label={t('payment.expiry')} required error={message('expiry')} hint={t('payment.expiryHint')}>
              <Input
                dir="ltr"
                inputMode="numeric"
                autoComplete="cc-exp"
                placeholder="MM/YY"
                value={form.expiry}
                onChange={(event) => set('expiry', formatExpiry(event.target.value))}
              />
            </Field>
            <Field label={t('payment.cvv')} required error={message('cvv')}>
              <Input
                dir="ltr"
                inputMode="numeric"
                autoComplete="cc-csc"
                maxLength={4}
                value={form.cvv}
                onChange={(event) => set('cvv', event.target.value.replace(/\D/g, ''))}
              />
            </Field>
          </div>
        </fieldset>
      ) : (
        <p className="kb-note">{t('payment.applePayNote')}</p>
      )}
      </>
      ) : null}
      <PromoCodeField
        value={promoCode}
        applied={charge}
        error={promoError}
        busy={checkingPromo}
        disabled={phase !== 'idle'}
        onChange={changePromo}
        onApply={() => void applyPromo()}
        onRemove={() => {
          onCharge(null);
          setPromoCode('');
        }}
      />
      <TestCards
        onUse={(number) => {
          setForm((current) => ({ ...current, paymentMethod: 'card', cardNumber: groupCardNumber(number) }));
          setFailure(null);
        }}
      />
      <div aria-live="polite" className="kb-live">
        {failure ? <Alert type="error" showIcon title={failure.title} description={t(failure.message.key, failure.message.values)} /> : null}
        {phase === 'processing' ? <p className="kb-hint">{t('payment.processingNote')}</p> : null}
      </div>
      <p className="kb-secure">
        <LockOutlined aria-hidden="true" /> {t('payment.secure')}
      </p>
      <Button type="primary" htmlType="submit" size="large" block loading={phase === 'processing'}>
        {phase === 'processing' ? t('payment.processing') : t('payment.submit', { amount })}
      </Button>
    </form>
  );
}

/** Route /payment?booking_id=&amount=&service= (spec §2, §4, §5, §8 Payment): a test payment of one booking. */
export default function PaymentPage() {
  const { t } = useTranslation(NS);
  const [params] = useSearchParams();
  const { search } = useLocation();
  const status = useSession((s) => s.status);
  const [charge, setCharge] = useState<PriceBreakdown | null>(null);
  const [useCredit, setUseCredit] = useState(false);
  const bookingId = params.get('booking_id')?.trim() ?? '';
  const amountHint = params.get('amount')?.trim() ?? '';
  const hasBooking = !!bookingId && !!amountHint;

  const { state, reload } = useLoad<BookingDto>(hasBooking && status === 'authenticated' ? bookingId : null, (signal) =>
    getBooking(bookingId, signal),
  );
  // Only the balance is needed here (the history is on My Bookings).
  const creditLoad = useLoad(hasBooking && status === 'authenticated' ? `credit:${bookingId}` : null, (signal) => getMyCredit(1, signal));
  const creditBalance = creditLoad.state.status === 'ready' ? creditLoad.state.data.balance : '0.00';

  let body;
  if (!hasBooking) {
    body = (
      <Notice title={t('payment.noBooking')} text={t('payment.missingText')}>
        <Link to="/booking" className="kb-btn kb-btn-primary">
          {t('payment.createBooking')}
        </Link>
      </Notice>
    );
  } else if (status === 'anonymous') {
    const back = `/payment${search}`;
    body = (
      <Notice title={t('payment.authTitle')} text={t('payment.authText')}>
        <Link to={`/login?redirect=${encodeURIComponent(back)}`} className="kb-btn kb-btn-primary">
          {t('actions.signIn')}
        </Link>
      </Notice>
    );
  } else if (status === 'loading' || state.status === 'loading') {
    body = (
      <div className="kb-panel" role="status" aria-label={t('loading')}>
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  } else if (state.status === 'error') {
    const notFound = state.error instanceof ApiError && (state.error.status === 404 || state.error.status === 403);
    body = notFound ? (
      <Notice title={t('detail.notFoundTitle')} text={t('detail.notFoundText')}>
        <Link to="/my-bookings" className="kb-btn kb-btn-primary">
          {t('detail.back')}
        </Link>
      </Notice>
    ) : (
      <Notice title={t('errors.title')} text={t('errors.fallback.loadBooking')}>
        <Button type="primary" onClick={reload}>
          {t('actions.retry')}
        </Button>
      </Notice>
    );
  } else {
    const booking = state.data;
    const paid = booking.paymentStatus === 'paid';
    body = (
      <div className="kb-layout">
        {booking.actions.pay ? (
          <PaymentFormPanel
            booking={booking}
            charge={charge}
            onCharge={setCharge}
            onAlreadyPaid={reload}
            creditBalance={creditBalance}
            useCredit={useCredit}
            onUseCredit={setUseCredit}
            onCreditChanged={creditLoad.reload}
          />
        ) : (
          <Notice
            role="status"
            title={paid ? t('payment.alreadyPaidTitle') : t('payment.notPayableTitle')}
            text={paid ? t('payment.alreadyPaidText') : t('payment.notPayableText')}
          >
            <Link to={`/my-bookings/${encodeURIComponent(booking.id)}`} className="kb-btn kb-btn-primary">
              {t('payment.viewBooking')}
            </Link>
          </Notice>
        )}
        <aside className="kb-side" aria-label={t('payment.summary')}>
          <OrderSummary
            booking={booking}
            charge={booking.actions.pay ? charge : null}
            credit={booking.actions.pay && useCredit ? creditToApply(creditBalance, charge?.total ?? booking.totalAmount) : '0.00'}
          />
        </aside>
      </div>
    );
  }

  return (
    <div className="kh-page kb-payment">
      <PageHeader title={t('payment.title')} subtitle={t('payment.subtitle')} />
      {body}
    </div>
  );
}
