import { useState } from 'react';
import { Alert, Button, Input, Select, Skeleton, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { REGION_CODES, REGIONS, type RegionCode, type SpecialHoursDto } from '@khidma/contracts';
import { ApiError, currentLanguage, showToast, useDateFormat, useLoad } from '@khidma/web-kit';
import { NS } from '../namespace';
import { declareSpecialHours, getSpecialHours, removeSpecialHours, setProviderRegion } from '../api';
import { errorMessage } from '../lib/errors';
import {
  crossesMidnight,
  SPECIAL_HOURS,
  specialHoursRequest,
  type SpecialHoursError,
  type SpecialHoursField,
  type SpecialHoursForm,
  validateSpecialHours,
} from '../lib/specialHours';
import { LoadError } from './LoadError';

const EMPTY: SpecialHoursForm = { label: '', startDate: '', endDate: '', closed: false, opensAt: '20:00', closesAt: '02:00' };

/** Where the provider works: the zone their slots are read in and the weekend of their default hours. */
function RegionPicker({ initial }: { initial: RegionCode }) {
  const { t } = useTranslation(NS);
  const language = currentLanguage();
  const [region, setRegion] = useState(initial);
  const [saving, setSaving] = useState(false);
  const change = async (next: RegionCode) => {
    setSaving(true);
    try {
      await setProviderRegion(next);
      setRegion(next);
      showToast('success', t('dashboard.specialHours.regionSaved'));
    } catch (error) {
      const message = errorMessage(error, 'dashboard.specialHours.failed');
      showToast('error', t(message.key, message.values));
    } finally {
      setSaving(false);
    }
  };
  return (
    <label className="kp-field kp-region">
      <span>{t('dashboard.specialHours.region')}</span>
      <Select
        value={region}
        loading={saving}
        onChange={(next: RegionCode) => void change(next)}
        aria-label={t('dashboard.specialHours.region')}
        data-testid="provider-region"
        style={{ minInlineSize: 240 }}
        virtual={false}
        options={REGION_CODES.map((code) => ({
          value: code,
          label: `${language === 'ar' ? REGIONS[code].nameAr : REGIONS[code].name} (${REGIONS[code].timeZone})`,
        }))}
      />
    </label>
  );
}

function HoursLine({ hours }: { hours: SpecialHoursDto }) {
  const { t } = useTranslation(NS);
  const { formatCalendarDate } = useDateFormat();
  const day = (date: string) => formatCalendarDate(date);
  return (
    <>
      <strong>{hours.label}</strong>{' '}
      <span className="kp-muted">
        {day(hours.startDate)} – {day(hours.endDate)}
      </span>{' '}
      <span>
        {hours.opensAt && hours.closesAt
          ? t(crossesMidnight(hours.opensAt, hours.closesAt) ? 'dashboard.specialHours.hoursOvernight' : 'dashboard.specialHours.hours', {
              from: hours.opensAt,
              to: hours.closesAt,
            })
          : t('dashboard.specialHours.closedAllDay')}
      </span>
    </>
  );
}

function DeclareForm({ onSaved }: { onSaved: () => void }) {
  const { t } = useTranslation(NS);
  const [form, setForm] = useState<SpecialHoursForm>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<SpecialHoursField, SpecialHoursError>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof SpecialHoursForm>(key: K, value: SpecialHoursForm[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };
  const save = async () => {
    const found = validateSpecialHours(form);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      await declareSpecialHours(specialHoursRequest(form));
      showToast('success', t('dashboard.specialHours.saved'));
      setForm(EMPTY);
      onSaved();
    } catch (error) {
      const message = errorMessage(error, 'dashboard.specialHours.failed');
      setFailure(t(message.key, message.values));
    } finally {
      setSaving(false);
    }
  };
  const fieldError = (field: SpecialHoursField) =>
    errors[field] ? (
      <span id={`kp-sh-${field}-error`} className="kp-error" role="alert">
        {t(`dashboard.specialHours.errors.${errors[field]}`)}
      </span>
    ) : null;
  const invalid = (field: SpecialHoursField) =>
    errors[field] ? { 'aria-invalid': true, 'aria-describedby': `kp-sh-${field}-error`, status: 'error' as const } : {};
  return (
    <form
      noValidate
      className="kp-special-form"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <label className="kp-field">
        <span>{t('dashboard.specialHours.label')}</span>
        <Input aria-label={t('dashboard.specialHours.label')} value={form.label} maxLength={100} placeholder={t('dashboard.specialHours.labelPlaceholder')} onChange={(e) => set('label', e.target.value)} {...invalid('label')} />
        {fieldError('label')}
      </label>
      <label className="kp-field">
        <span>{t('dashboard.specialHours.startDate')}</span>
        <Input aria-label={t('dashboard.specialHours.startDate')} type="date" value={form.startDate} onChange={(e) => set('startDate', e.target.value)} {...invalid('startDate')} />
        {fieldError('startDate')}
      </label>
      <label className="kp-field">
        <span>{t('dashboard.specialHours.endDate')}</span>
        <Input aria-label={t('dashboard.specialHours.endDate')} type="date" value={form.endDate} onChange={(e) => set('endDate', e.target.value)} {...invalid('endDate')} />
        {fieldError('endDate')}
      </label>
      <span className="kp-field">
        <span id="kp-sh-closed">{t('dashboard.specialHours.closedAllDay')}</span>
        <Switch checked={form.closed} onChange={(closed) => set('closed', closed)} aria-labelledby="kp-sh-closed" />
      </span>
      {form.closed ? null : (
        <>
          {(['opensAt', 'closesAt'] as const).map((field) => (
            <label key={field} className="kp-field">
              <span>{t(`dashboard.specialHours.${field}`)}</span>
              <Select
                value={form[field]}
                onChange={(value: string) => set(field, value)}
                aria-label={t(`dashboard.specialHours.${field}`)}
                style={{ minInlineSize: 104 }}
                virtual={false}
                options={SPECIAL_HOURS.map((hour) => ({ value: hour, label: hour }))}
                {...invalid(field)}
              />
              {fieldError(field)}
            </label>
          ))}
          {crossesMidnight(form.opensAt, form.closesAt) ? <p className="kp-muted">{t('dashboard.specialHours.overnightHelp')}</p> : null}
        </>
      )}
      {failure ? <Alert type="error" showIcon title={failure} /> : null}
      <Button type="primary" htmlType="submit" loading={saving}>
        {t('dashboard.specialHours.add')}
      </Button>
    </form>
  );
}

/** Region and declared special hours (Ramadan, holidays), beside the weekly hours (issue 17 §5). */
export function SpecialHoursEditor() {
  const { t } = useTranslation(NS);
  const { state, reload } = useLoad('special-hours', getSpecialHours);
  const [removing, setRemoving] = useState<string | null>(null);
  const remove = async (hours: SpecialHoursDto) => {
    setRemoving(hours.id);
    try {
      await removeSpecialHours(hours.id);
      showToast('success', t('dashboard.specialHours.removed'));
      reload();
    } catch (error) {
      const message = errorMessage(error, 'dashboard.specialHours.failed');
      showToast('error', error instanceof ApiError ? t(message.key, message.values) : t('dashboard.specialHours.failed'));
    } finally {
      setRemoving(null);
    }
  };
  return (
    <section className="kp-section kp-panel" aria-labelledby="kp-special-hours-heading">
      <div className="kp-section-head">
        <h2 id="kp-special-hours-heading">{t('dashboard.specialHours.title')}</h2>
      </div>
      <p className="kp-muted">{t('dashboard.specialHours.help')}</p>
      {state.status === 'loading' ? <Skeleton active paragraph={{ rows: 3 }} /> : null}
      {state.status === 'error' ? <LoadError error={state.error} fallbackKey="dashboard.specialHours.loadFailed" onRetry={reload} /> : null}
      {state.status === 'ready' ? (
        <>
          <RegionPicker initial={state.data.region} />
          {state.data.specialHours.length === 0 ? (
            <p className="kp-muted">{t('dashboard.specialHours.none')}</p>
          ) : (
            <ul className="kp-special-list">
              {state.data.specialHours.map((hours) => (
                <li key={hours.id} data-testid="special-hours">
                  <HoursLine hours={hours} />{' '}
                  <Button size="small" danger loading={removing === hours.id} onClick={() => void remove(hours)} aria-label={t('dashboard.specialHours.removeNamed', { label: hours.label })}>
                    {t('dashboard.specialHours.remove')}
                  </Button>
                </li>
              ))}
            </ul>
          )}
          <DeclareForm onSaved={reload} />
        </>
      ) : null}
    </section>
  );
}
