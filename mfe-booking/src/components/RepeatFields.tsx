import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SERIES, SERIES_FREQUENCIES, type SeriesFrequency, type SeriesPreviewResponse } from '@khidma/contracts';
import { currentLanguage, formatNumber, useDateFormat } from '@khidma/web-kit';
import { NS } from '../namespace';
import type { RepeatValues } from '../lib/bookingForm';
import { formatTime } from '../lib/dates';
import { Field } from './Field';

const COUNTS = Array.from({ length: SERIES.maxOccurrences - SERIES.minOccurrences + 1 }, (_, i) => SERIES.minOccurrences + i);

/** The booking form's "Repeat" choice: how often, and after how many bookings or on which day it ends. */
export function RepeatFields({
  repeat,
  minUntil,
  untilError,
  onChange,
}: {
  repeat: RepeatValues;
  minUntil: string;
  untilError: string | null;
  onChange: (repeat: RepeatValues) => void;
}) {
  const { t } = useTranslation(NS);
  const language = currentLanguage();
  const id = useId();
  const set = (patch: Partial<RepeatValues>) => onChange({ ...repeat, ...patch });
  return (
    <fieldset className="kb-repeat">
      <legend>{t('series.repeat')}</legend>
      <Field label={t('series.frequencyLabel')}>
        <select className="kb-select" value={repeat.frequency} onChange={(event) => set({ frequency: event.target.value as SeriesFrequency | 'none' })}>
          <option value="none">{t('series.none')}</option>
          {SERIES_FREQUENCIES.map((frequency) => (
            <option key={frequency} value={frequency}>
              {t(`series.frequency.${frequency}`)}
            </option>
          ))}
        </select>
      </Field>
      {repeat.frequency !== 'none' ? (
        <div role="radiogroup" aria-label={t('series.ends')} className="kb-repeat-end">
          <label>
            <input type="radio" name={`${id}-end`} checked={repeat.end === 'count'} onChange={() => set({ end: 'count' })} /> {t('series.endAfter')}
          </label>
          <select
            className="kb-select kb-select-inline"
            aria-label={t('series.count')}
            value={repeat.count}
            disabled={repeat.end !== 'count'}
            onChange={(event) => set({ count: Number(event.target.value) })}
          >
            {COUNTS.map((count) => (
              <option key={count} value={count}>
                {t('series.bookings', { n: formatNumber(count, language) })}
              </option>
            ))}
          </select>
          <label>
            <input type="radio" name={`${id}-end`} checked={repeat.end === 'until'} onChange={() => set({ end: 'until' })} /> {t('series.endOn')}
          </label>
          <input
            type="date"
            className="kb-select kb-select-inline"
            aria-label={t('series.untilDate')}
            aria-invalid={!!untilError}
            aria-describedby={untilError ? `${id}-until-error` : undefined}
            value={repeat.until}
            min={minUntil || undefined}
            disabled={repeat.end !== 'until'}
            onChange={(event) => set({ until: event.target.value })}
          />
          {untilError ? (
            <p id={`${id}-until-error`} className="kb-error" role="alert">
              {untilError}
            </p>
          ) : null}
          <p className="kb-hint">{t('series.hint', { max: formatNumber(SERIES.maxOccurrences, language) })}</p>
        </div>
      ) : null}
    </fieldset>
  );
}

/** What the client chose for a date that cannot be booked: an alternative (`date|time`) or `drop`. */
export type ConflictChoices = Record<number, string>;

/** The planned dates, and for each one that cannot be booked the nearest free slots or dropping it. */
export function SeriesPlan({
  plan,
  choices,
  missing,
  onChoose,
}: {
  plan: SeriesPreviewResponse;
  choices: ConflictChoices;
  missing: boolean;
  onChoose: (index: number, choice: string) => void;
}) {
  const { t } = useTranslation(NS);
  const { language, formatCalendarDate } = useDateFormat();
  const id = useId();
  const when = (date: string, time: string) =>
    t('facts.dateAtTime', { date: formatCalendarDate(date), time: formatTime(time, language) });
  return (
    <section className="kb-conflicts" aria-labelledby={`${id}-title`} tabIndex={-1} id="kb-series-plan">
      <h3 id={`${id}-title`} className="kb-panel-title">
        {t('series.planTitle', { n: formatNumber(plan.occurrences.length, language) })}
      </h3>
      <ol className="kb-plan">
        {plan.occurrences.map((occurrence) => (
          <li key={occurrence.index}>
            {when(occurrence.scheduledDate, occurrence.scheduledTime)}
            {occurrence.available ? null : <strong> — {t(`series.reason.${occurrence.reason ?? 'taken'}`)}</strong>}
          </li>
        ))}
      </ol>
      {plan.conflicts > 0 ? <p className={missing ? 'kb-error' : 'kb-hint'} role={missing ? 'alert' : undefined}>{t('series.conflictsText')}</p> : null}
      {plan.occurrences
        .filter((occurrence) => !occurrence.available)
        .map((occurrence) => (
          <fieldset key={occurrence.index} className="kb-conflict">
            <legend>{t('series.occurrence', { n: formatNumber(occurrence.index, language), when: when(occurrence.scheduledDate, occurrence.scheduledTime) })}</legend>
            {occurrence.alternatives.map((alternative) => {
              const value = `${alternative.scheduledDate}|${alternative.scheduledTime}`;
              return (
                <label key={value}>
                  <input type="radio" name={`${id}-${occurrence.index}`} value={value} checked={choices[occurrence.index] === value} onChange={() => onChoose(occurrence.index, value)} />
                  {t('series.moveTo', { when: when(alternative.scheduledDate, alternative.scheduledTime) })}
                </label>
              );
            })}
            {occurrence.alternatives.length === 0 ? <p className="kb-hint">{t('series.noAlternatives')}</p> : null}
            <label>
              <input type="radio" name={`${id}-${occurrence.index}`} value="drop" checked={choices[occurrence.index] === 'drop'} onChange={() => onChoose(occurrence.index, 'drop')} />
              {t('series.drop')}
            </label>
          </fieldset>
        ))}
    </section>
  );
}
