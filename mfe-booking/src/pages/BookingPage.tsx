import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Input, Skeleton } from 'antd';
import { ClockCircleOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { type SeriesPreviewResponse, type SeriesResolution, type ServiceDetailDto, type ServiceSummaryDto, UNVERIFIED_PENDING_BOOKINGS_MAX } from '@khidma/contracts';
import { ApiError, CategoryGlyph, PageHeader, currentLanguage, formatMoney, formatNumber, showToast, useSession, useLoad, localized, useNavigate, useSearchParams } from '@khidma/web-kit';
import { NS } from '../namespace';
import { createBooking, createSeries, firstServiceOf, getService, previewSeries } from '../api';
import { Field } from '../components/Field';
import { type ConflictChoices, RepeatFields, SeriesPlan } from '../components/RepeatFields';
import { SlotPicker } from '../components/SlotPicker';
import {
  BOOKING_SERVICE_TYPES,
  MAX_HOURS,
  NO_REPEAT,
  type RepeatValues,
  bookingErrors,
  createRequest,
  defaultHours,
  formUrl,
  seriesRequest,
  type BookingField,
  type BookingFormValues,
} from '../lib/bookingForm';
import { formatHours, formatMinutes, isIsoDate } from '../lib/dates';
import { errorCode, errorMessage, type ErrorMessage } from '../lib/errors';
import '../booking.css';

type Lookup = { kind: 'service'; idOrSlug: string } | { kind: 'category'; slug: string } | null;

/** Server field names of a 400 → the form's fields. */
const SERVER_FIELDS: Record<string, BookingField> = {
  scheduledDate: 'date',
  scheduledTime: 'time',
  clientAddress: 'location',
  clientPhone: 'phone',
  clientName: 'name',
  specialInstructions: 'details',
};

/** The form as typed: e-mail and name stay null until edited, so the session's values show. */
type Draft = Omit<BookingFormValues, 'email' | 'name'> & { email: string | null; name: string | null };

function initialValues(params: URLSearchParams): Draft {
  const get = (name: string) => params.get(name)?.trim() ?? '';
  const hours = Number(get('hours'));
  return {
    serviceType: get('serviceType'),
    date: isIsoDate(get('date')) ? get('date') : '',
    time: /^\d{2}:\d{2}$/.test(get('time')) ? get('time') : '',
    hours: Number.isInteger(hours) && hours >= 1 && hours <= MAX_HOURS ? hours : 0,
    location: get('location'),
    phone: get('phone'),
    email: null,
    name: get('name') || null,
    details: get('details'),
  };
}

function ServiceSummary({ service, hours }: { service: ServiceSummaryDto; hours: number }) {
  const { t } = useTranslation(NS);
  const language = currentLanguage();
  const hourly = service.priceType === 'hourly';
  return (
    <section className="kb-panel kb-service" aria-labelledby="kb-service-title">
      <p className="kb-eyebrow">{t('form.chosenService')}</p>
      <div className="kb-service-head">
        <span className="kb-glyph" aria-hidden="true">
          <CategoryGlyph icon={'category' in service ? (service as ServiceDetailDto).category.icon : undefined} />
        </span>
        <h2 id="kb-service-title">{localized(language, service.title, service.titleAr)}</h2>
      </div>
      <ul className="kb-meta">
        <li>
          <UserOutlined aria-hidden="true" /> {localized(language, service.provider.name, service.provider.nameAr) || t('card.providerFallback')}
        </li>
        <li>
          <ClockCircleOutlined aria-hidden="true" /> {formatMinutes(service.duration, language)}
        </li>
      </ul>
      <p className="kb-price">
        {formatMoney(service.price, language)}
        <span className="kb-price-unit">/{t(`priceType.${service.priceType}`)}</span>
      </p>
      {hourly && hours > 0 ? (
        <p className="kb-estimate">{t('form.estimate', { amount: formatMoney(service.price * hours, language), hours: formatHours(hours, language) })}</p>
      ) : null}
    </section>
  );
}

/** Route /booking (spec §2 Booking form): prefilled from the query, free slots from the server. */
export default function BookingPage() {
  const { t } = useTranslation(NS);
  const language = currentLanguage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const session = useSession();

  const [draft, setDraft] = useState(() => initialValues(params));
  const [lookup, setLookup] = useState<Lookup>(() => {
    const service = params.get('service')?.trim();
    if (service) return { kind: 'service', idOrSlug: service };
    const category = params.get('serviceType')?.trim();
    return category ? { kind: 'category', slug: category } : null;
  });
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<ErrorMessage | null>(null);
  const [serverErrors, setServerErrors] = useState<Partial<Record<BookingField, string>>>({});
  const [refreshKey, setRefreshKey] = useState(0);
  // A recurring plan: the repeat choice, the server's plan once asked for, the client's choices for its conflicts.
  const [repeat, setRepeatValues] = useState<RepeatValues>(NO_REPEAT);
  const [planned, setPlanned] = useState<{ key: string; plan: SeriesPreviewResponse } | null>(null);
  const [choices, setChoices] = useState<ConflictChoices>({});
  const [planFocus, setPlanFocus] = useState(0);
  // Set when the client submits again without a choice for every conflict: the hint becomes an error.
  const [choiceMissing, setChoiceMissing] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const lookupKey = lookup ? (lookup.kind === 'service' ? `service:${lookup.idOrSlug}` : `category:${lookup.slug}`) : null;
  const { state: serviceState, reload: reloadService } = useLoad<ServiceSummaryDto | null>(lookupKey, (signal) =>
    lookup?.kind === 'service' ? getService(lookup.idOrSlug, signal) : firstServiceOf(lookup?.slug ?? '', signal),
  );
  const service = serviceState.status === 'ready' ? serviceState.data : null;
  const noServices = serviceState.status === 'ready' && serviceState.data === null;
  const serviceMissing = serviceState.status === 'error' && serviceState.error instanceof ApiError && serviceState.error.status === 404;

  // Spec §8: a category without services says so.
  useEffect(() => {
    if (noServices) showToast('warning', `${t('errors.noServicesTitle')} - ${t('errors.noServicesText')}`);
  }, [noServices, t]);

  // What the user has not chosen comes from the service (category, hours) and the session (e-mail,
  // name); every field stays editable.
  const user = session.user;
  const values: BookingFormValues = {
    ...draft,
    serviceType: draft.serviceType || service?.categorySlug || '',
    hours: draft.hours || (service ? defaultHours(service) : 1),
    email: draft.email ?? user?.email ?? '',
    name: draft.name ?? ([user?.firstName, user?.lastName].filter(Boolean).join(' ') || ''),
  };

  const set = useCallback(<K extends keyof Draft>(name: K, value: BookingFormValues[K]) => {
    setDraft((current) => ({ ...current, [name]: value }));
    setServerErrors((current) => ({ ...current, [name]: undefined }));
    setFailure(null);
  }, [setFailure]);
  const setDate = useCallback((value: string) => set('date', value), [set]);
  const setTime = useCallback((value: string) => set('time', value), [set]);

  const chooseServiceType = (slug: string) => {
    set('serviceType', slug);
    if (!slug) return;
    if (service && service.categorySlug === slug) return;
    setLookup({ kind: 'category', slug });
  };

  const setRepeat = (next: RepeatValues) => {
    setRepeatValues(next);
    setFailure(null);
  };
  const repeating = repeat.frequency !== 'none';
  // A plan holds for the request it was made for: any change of the form or the repeat drops it.
  const planKey = service && repeating ? JSON.stringify(seriesRequest(service, values, repeat, language)) : '';
  const plan = planned && planned.key === planKey ? planned.plan : null;
  const setPlan = (next: SeriesPreviewResponse | null) => setPlanned(next ? { key: planKey, plan: next } : null);
  const untilError = submitted && repeating && repeat.end === 'until' && !(repeat.until > values.date) ? t('series.untilRequired') : null;
  const unresolved = plan ? plan.occurrences.filter((o) => !o.available && !choices[o.index]).length : 0;

  // A plan with conflicts is shown: focus moves to it so the client sees what to choose.
  useEffect(() => {
    if (planFocus > 0) formRef.current?.querySelector<HTMLElement>('#kb-series-plan')?.focus();
  }, [planFocus]);

  const errors = submitted ? { ...bookingErrors(values), ...stripEmpty(serverErrors) } : stripEmpty(serverErrors);
  const message = (field: BookingField) => {
    const key = errors[field];
    if (!key) return null;
    return key.startsWith('errors.') ? t(key) : t(`validation.${key}`);
  };
  const serviceTypeError = message('serviceType') ?? (noServices ? `${t('errors.noServicesTitle')} - ${t('errors.noServicesText')}` : null);

  // After a refused submit, move focus to the first field that needs attention.
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (focusRequest === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const submit = async () => {
    if (session.status === 'loading') return;
    if (session.status === 'anonymous') {
      showToast('info', `${t('errors.signInTitle')} - ${t('errors.signInText')}`);
      const back = formUrl(values, lookup?.kind === 'service' ? lookup.idOrSlug : (service?.id ?? null));
      navigate(`/login?redirect=${encodeURIComponent(back)}`);
      return;
    }
    setSubmitted(true);
    setFailure(null);
    if (Object.keys(bookingErrors(values)).length > 0 || !service) {
      setFocusRequest((n) => n + 1);
      return;
    }
    if (repeating) {
      if (untilErrorOf(repeat, values.date)) {
        setFocusRequest((n) => n + 1);
        return;
      }
      await submitSeries(service);
      return;
    }
    setSending(true);
    try {
      const booking = await createBooking(createRequest(service, values, language));
      const query = new URLSearchParams({ booking_id: booking.id, amount: booking.totalAmount, service: booking.serviceTitle });
      navigate(`/payment?${query.toString()}`);
    } catch (error) {
      const code = errorCode(error);
      if (code === 'slot_taken' || code === 'slot_unavailable') {
        // The rest of the form stays; the day's free times are asked again.
        setDraft((current) => ({ ...current, time: '' }));
        setServerErrors({ time: errorMessage(error, 'book').key });
        setRefreshKey((n) => n + 1);
        setFocusRequest((n) => n + 1);
      } else if (error instanceof ApiError && error.status === 400 && error.fields && mapsToForm(error.fields)) {
        const fields: Partial<Record<BookingField, string>> = {};
        for (const name of Object.keys(error.fields)) {
          const field = SERVER_FIELDS[name];
          if (field) fields[field] = 'errors.invalidField';
        }
        setServerErrors(fields);
        setFocusRequest((n) => n + 1);
      } else {
        const failed = errorMessage(error, 'book');
        setFailure(failed);
        showToast('error', `${t('errors.bookingFailedTitle')} - ${t(failed.key, failed.values)}`);
      }
    } finally {
      setSending(false);
    }
  };

  /**
   * A series: the plan is asked for first; without conflicts it is booked at once, otherwise the
   * client picks an alternative or drops each conflicting date and submits again. All or nothing:
   * if a slot went meanwhile the server books none and the plan is shown afresh.
   */
  const submitSeries = async (chosen: ServiceSummaryDto) => {
    setSending(true);
    try {
      let current = plan;
      if (!current) {
        current = await previewSeries(seriesRequest(chosen, values, repeat, language));
        setPlan(current);
        setChoices({});
        if (current.conflicts > 0) {
          setPlanFocus((n) => n + 1);
          return;
        }
      } else if (unresolved > 0) {
        setChoiceMissing(true);
        setPlanFocus((n) => n + 1);
        return;
      }
      const resolutions: SeriesResolution[] = current.occurrences
        .filter((o) => !o.available)
        .map((o) => {
          const choice = choices[o.index]!;
          if (choice === 'drop') return { index: o.index, action: 'drop' };
          const [scheduledDate, scheduledTime] = choice.split('|') as [string, string];
          return { index: o.index, action: 'move', scheduledDate, scheduledTime };
        });
      const created = await createSeries(seriesRequest(chosen, values, repeat, language, resolutions));
      showToast('success', `${t('series.createdTitle')} - ${t('series.createdText', { n: formatNumber(created.bookings.length, language) })}`);
      navigate('/my-bookings');
    } catch (error) {
      if (errorCode(error) === 'series_conflicts') {
        // A slot was taken meanwhile: nothing was booked; show the plan as it is now.
        const fresh = await previewSeries(seriesRequest(chosen, values, repeat, language)).catch(() => null);
        setPlan(fresh);
        setChoices({});
        setPlanFocus((n) => n + 1);
      }
      const failed = errorMessage(error, 'book');
      setFailure(failed);
      showToast('error', `${t('errors.bookingFailedTitle')} - ${t(failed.key, failed.values)}`);
    } finally {
      setSending(false);
    }
  };

  const offered: string[] = [...BOOKING_SERVICE_TYPES];
  if (values.serviceType && !offered.includes(values.serviceType)) offered.push(values.serviceType);

  return (
    <div className="kh-page kb-booking">
      <PageHeader title={t('booking.title')} subtitle={t('booking.subtitle')} />
      {session.status === 'anonymous' ? (
        <Alert className="kb-block" type="info" showIcon title={t('errors.signInTitle')} description={t('form.signInNote')} />
      ) : null}
      {session.user && !session.user.emailVerified ? (
        <Alert
          className="kb-block"
          type="warning"
          showIcon
          title={t('form.unverifiedTitle')}
          description={t('form.unverifiedNote', { max: UNVERIFIED_PENDING_BOOKINGS_MAX })}
        />
      ) : null}
      <div className="kb-layout">
        <form
          ref={formRef}
          className="kb-panel kb-form"
          noValidate
          aria-labelledby="kb-form-title"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <h2 id="kb-form-title" className="kb-panel-title">
            {t('form.title')}
          </h2>
          <Field label={t('form.serviceType')} required error={serviceTypeError}>
            <select className="kb-select" value={values.serviceType} onChange={(event) => chooseServiceType(event.target.value)}>
              <option value="">{t('form.serviceTypePlaceholder')}</option>
              {offered.map((slug) => (
                <option key={slug} value={slug}>
                  {t(`categories.${slug}`, { defaultValue: slug })}
                </option>
              ))}
            </select>
          </Field>
          {serviceMissing ? <Alert type="warning" showIcon role="alert" title={t('form.serviceMissing')} /> : null}
          {serviceState.status === 'error' && !serviceMissing ? (
            <Alert
              type="error"
              showIcon
              role="alert"
              title={t('errors.fallback.loadService')}
              action={<Button onClick={reloadService}>{t('actions.retry')}</Button>}
            />
          ) : null}

          <div>
            <SlotPicker
              serviceId={service?.id ?? null}
              date={values.date}
              time={values.time}
              onDateChange={setDate}
              onTimeChange={setTime}
              duration={service?.priceType === 'hourly' ? values.hours * 60 || undefined : undefined}
              dateError={message('date')}
              timeError={message('time')}
              refreshKey={refreshKey}
            />
          </div>
          {service?.priceType === 'hourly' ? (
            <Field label={t('form.hours')} hint={t('form.hoursHint')}>
              <select className="kb-select" value={values.hours || 1} onChange={(event) => set('hours', Number(event.target.value))}>
                {Array.from({ length: MAX_HOURS }, (_, i) => i + 1).map((hours) => (
                  <option key={hours} value={hours}>
                    {formatHours(hours, language)}
                  </option>
                ))}
              </select>
            </Field>
          ) : null}

          <Field label={t('form.location')} required error={message('location')}>
            <Input dir="auto" value={values.location} autoComplete="street-address" onChange={(event) => set('location', event.target.value)} />
          </Field>
          <div className="kb-row">
            <Field label={t('form.name')} required error={message('name')}>
              <Input dir="auto" value={values.name} autoComplete="name" onChange={(event) => set('name', event.target.value)} />
            </Field>
            <Field label={t('form.phone')} required error={message('phone')}>
              <Input type="tel" dir="ltr" value={values.phone} autoComplete="tel" onChange={(event) => set('phone', event.target.value)} />
            </Field>
          </div>
          <Field label={t('form.email')} required error={message('email')}>
            <Input type="email" dir="ltr" value={values.email} autoComplete="email" onChange={(event) => set('email', event.target.value)} />
          </Field>
          <Field label={t('form.details')} hint={t('form.detailsHint')} error={message('details')}>
            <Input.TextArea dir="auto" rows={4} maxLength={1000} value={values.details} onChange={(event) => set('details', event.target.value)} />
          </Field>
          <RepeatFields repeat={repeat} minUntil={values.date} untilError={untilError} onChange={setRepeat} />
          {plan && repeating ? (
            <SeriesPlan
              plan={plan}
              choices={choices}
              missing={choiceMissing && unresolved > 0}
              onChoose={(index, choice) => {
                setChoices((current) => ({ ...current, [index]: choice }));
                setFailure(null);
              }}
            />
          ) : null}
          <div aria-live="polite">
            {failure ? (
              <Alert type="error" showIcon title={t('errors.bookingFailedTitle')} description={t(failure.key, failure.values)} />
            ) : null}
          </div>
          <Button type="primary" htmlType="submit" size="large" loading={sending || session.status === 'loading'} block>
            {repeating ? t('series.submit') : t('form.submit')}
          </Button>
        </form>
        <aside className="kb-side" aria-label={t('form.chosenService')}>
          {serviceState.status === 'loading' && lookup ? (
            <div className="kb-panel" role="status" aria-label={t('loading')}>
              <Skeleton active paragraph={{ rows: 4 }} />
            </div>
          ) : service ? (
            <ServiceSummary service={service} hours={values.hours} />
          ) : (
            <div className="kb-panel">
              <p className="kb-hint">{t('form.noServiceYet')}</p>
            </div>
          )}
        </aside>
      </div>
    </div>
  );
}

/** An end date must come after the first booking's date. */
const untilErrorOf = (repeat: RepeatValues, firstDate: string) => repeat.end === 'until' && !(repeat.until > firstDate);

function stripEmpty<T extends Record<string, string | undefined>>(record: T): Partial<Record<keyof T, string>> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value)) as Partial<Record<keyof T, string>>;
}

const mapsToForm = (fields: Record<string, string>) => Object.keys(fields).some((name) => name in SERVER_FIELDS);
