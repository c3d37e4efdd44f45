import { useState } from 'react';
import { Alert, Button, Select, Skeleton, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { WEEK_DAYS, type WeekDay, type WeeklyAvailability } from '@khidma/contracts';
import { ApiError, currentLanguage, formatDate, showToast, useLoad } from '@khidma/web-kit';
import { NS } from '../namespace';
import { getAvailability, saveAvailability } from '../api';
import { DEFAULT_DAY, HOURS, serverDayErrors, validateAvailability, type DayError } from '../lib/availability';
import { errorMessage } from '../lib/errors';
import { LoadError } from './LoadError';

/** The day's name in the page's language (1 January 2023 was a Sunday, the week's first day here). */
const dayName = (index: number, language: 'en' | 'ar') =>
  formatDate(Date.UTC(2023, 0, 1 + index), language, { weekday: 'long', timeZone: 'UTC' });

function WeekForm({ initial, onSaved }: { initial: WeeklyAvailability; onSaved: () => void }) {
  const { t } = useTranslation(NS);
  const language = currentLanguage();
  const [week, setWeek] = useState<WeeklyAvailability>(initial);
  const [errors, setErrors] = useState<Partial<Record<WeekDay, DayError>>>({});
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const setDay = (day: WeekDay, hours: [string, string] | null) => {
    setWeek((current) => ({ ...current, [day]: hours }));
    setErrors((current) => ({ ...current, [day]: undefined }));
  };

  const save = async () => {
    const found = validateAvailability(week);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      await saveAvailability({ weeklyAvailability: week });
      showToast('success', t('dashboard.availability.saved'));
      onSaved();
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(serverDayErrors(error.fields));
      const message = errorMessage(error, 'dashboard.availability.failed');
      setFailure(t(message.key, message.values));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <ul className="kp-week">
        {WEEK_DAYS.map((day, index) => {
          const hours = week[day];
          const name = dayName(index, language);
          const error = errors[day];
          const errorId = `kp-day-${day}-error`;
          return (
            <li key={day} className={`kp-day${error ? ' kp-field-invalid' : ''}`} data-testid={`day-${day}`}>
              <span className="kp-day-name" id={`kp-day-${day}`}>
                {name}
              </span>
              <Switch
                checked={hours !== null}
                onChange={(open) => setDay(day, open ? DEFAULT_DAY : null)}
                checkedChildren={t('dashboard.availability.open')}
                unCheckedChildren={t('dashboard.availability.closed')}
                aria-label={t('dashboard.availability.openOn', { day: name })}
              />
              {hours ? (
                <span className="kp-day-hours">
                  {(['from', 'to'] as const).map((end, position) => (
                    <Select
                      key={end}
                      value={hours[position]}
                      onChange={(value: string) => setDay(day, position === 0 ? [value, hours[1]] : [hours[0], value])}
                      aria-label={t(`dashboard.availability.${end}`, { day: name })}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? errorId : undefined}
                      status={error ? 'error' : undefined}
                      style={{ minInlineSize: 104 }}
                      virtual={false}
                      options={HOURS.map((hour) => ({ value: hour, label: hour }))}
                    />
                  ))}
                </span>
              ) : (
                <span className="kp-muted">{t('dashboard.availability.closedAllDay')}</span>
              )}
              {error ? (
                <span id={errorId} className="kp-error" role="alert">
                  {t(`dashboard.availability.errors.${error}`)}
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
      {failure ? <Alert type="error" showIcon title={failure} /> : null}
      <Button type="primary" htmlType="submit" loading={saving}>
        {t('dashboard.availability.save')}
      </Button>
    </form>
  );
}

/** Weekly opening hours (the service page's availability): per day closed, or open from–to. */
export function AvailabilityEditor() {
  const { t } = useTranslation(NS);
  const { state, reload } = useLoad('availability', getAvailability);
  return (
    <section className="kp-section kp-panel" aria-labelledby="kp-availability-heading">
      <div className="kp-section-head">
        <h2 id="kp-availability-heading">{t('dashboard.availability.title')}</h2>
      </div>
      <p className="kp-muted">{t('dashboard.availability.help')}</p>
      {state.status === 'loading' ? <Skeleton active paragraph={{ rows: 4 }} /> : null}
      {state.status === 'error' ? <LoadError error={state.error} fallbackKey="dashboard.availability.loadFailed" onRetry={reload} /> : null}
      {state.status === 'ready' ? <WeekForm initial={state.data.weeklyAvailability} onSaved={reload} /> : null}
    </section>
  );
}
