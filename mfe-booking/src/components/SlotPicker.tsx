import { useEffect, useId, useState } from 'react';
import { Button, Input } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { addCalendarDays, type AvailabilityResponse, REGIONS, type WeekDay } from '@khidma/contracts';
import { useClientRegion, useDateFormat, useLoad } from '@khidma/web-kit';
import { NS } from '../namespace';
import { getAvailability } from '../api';
import { deviceToday, formatTime, pickedTime, weekdayName, weekdayOf } from '../lib/dates';
import { Field } from './Field';

interface Calendar {
  today: string;
  openWeekdays: WeekDay[] | null;
}

/** The next two weeks as buttons; days the provider does not work are disabled. */
function DayStrip({ today, openWeekdays, value, onChange }: { today: string; openWeekdays: WeekDay[]; value: string; onChange: (date: string) => void }) {
  const { t } = useTranslation(NS);
  const { formatCalendarDate } = useDateFormat();
  const days = Array.from({ length: DAY_STRIP_LENGTH }, (_, i) => addCalendarDays(today, i));
  return (
    <div className="kb-days" role="group" aria-label={t('slots.strip')}>
      {days.map((day) => {
        const open = openWeekdays.includes(weekdayOf(day));
        const long = formatCalendarDate(day, { dateStyle: 'full' });
        return (
          <button
            key={day}
            type="button"
            className="kb-day"
            aria-pressed={day === value}
            disabled={!open}
            aria-label={open ? long : t('slots.closedLabel', { date: long })}
            onClick={() => onChange(day)}
          >
            {/* A button's face is too narrow for both calendars; its label (above) carries the Hijri date. */}
            <span className="kb-day-name">{formatCalendarDate(day, { weekday: 'short', hijri: false })}</span>
            <span className="kb-day-date">{formatCalendarDate(day, { day: 'numeric', month: 'short', hijri: false })}</span>
          </button>
        );
      })}
    </div>
  );
}

const DAY_STRIP_LENGTH = 14;

export interface SlotPickerProps {
  serviceId: string | null;
  date: string;
  time: string;
  onDateChange: (date: string) => void;
  onTimeChange: (time: string) => void;
  /** Minutes the booking lasts: longer bookings fit fewer start times. */
  duration?: number;
  /** When moving a booking, its own slot counts as free. */
  excludeBookingId?: string;
  /** Messages of the form's own checks (e.g. 'Please select a date'). */
  dateError?: string | null;
  timeError?: string | null;
  /** Change it to ask the server again (e.g. after a 409 slot_taken). */
  refreshKey?: number;
}

/**
 * The date field and the free start times of that day (GET /api/bookings/availability). Only free
 * slots can be chosen; a day before the server's today or a closed weekday says so instead.
 * Used by the booking form and the reschedule dialog.
 */
export function SlotPicker({
  serviceId,
  date,
  time,
  onDateChange,
  onTimeChange,
  duration,
  excludeBookingId,
  dateError,
  timeError,
  refreshKey = 0,
}: SlotPickerProps) {
  const { t } = useTranslation(NS);
  const { language, formatCalendarDate } = useDateFormat();
  const groupLabelId = useId();
  const errorId = useId();
  // The marketplace's today and the provider's open weekdays, learnt from the last answer (the
  // device's today until then), so the day strip stays put while another day loads.
  const [calendar, setCalendar] = useState<Calendar>(() => ({ today: deviceToday(), openWeekdays: null }));
  const today = calendar.today;

  // Without a chosen day, today is asked for: its answer says which days are open.
  const askedDate = date || today;
  const key = serviceId ? `${serviceId}|${askedDate}|${duration ?? ''}|${excludeBookingId ?? ''}|${refreshKey}` : null;
  const { state, reload } = useLoad<AvailabilityResponse>(key, (signal) =>
    getAvailability({ serviceId: serviceId!, date: askedDate, duration, excludeBookingId }, signal),
  );
  const availability = state.status === 'ready' && date ? state.data : null;
  const freeSlots = availability?.slots.filter((slot) => slot.available) ?? [];
  const free = freeSlots.map(pickedTime);
  // A weekday the provider rests may still be open on declared hours (e.g. Ramadan evenings): the slots say so.
  const closed = availability ? !availability.openWeekdays.includes(weekdayOf(date)) && freeSlots.length === 0 : false;
  const past = !!date && date < today;
  // Slot times are the provider's wall clock: say whose when the client lives in another zone.
  const mine = useClientRegion();
  const providerRegion = availability ? REGIONS[availability.region] : null;
  const zoneNote =
    providerRegion && mine && mine.timeZone !== availability!.timeZone
      ? t('slots.providerZone', { zone: `${language === 'ar' ? providerRegion.nameAr : providerRegion.name} (${availability!.timeZone})` })
      : null;

  // Adjusting state while rendering (not in an effect) when a newer answer says otherwise.
  const answer = state.status === 'ready' ? state.data : null;
  if (answer && (answer.today !== calendar.today || answer.openWeekdays.join() !== calendar.openWeekdays?.join())) {
    setCalendar({ today: answer.today, openWeekdays: answer.openWeekdays });
  }

  // A chosen time that is not free on the new day (or any more) is cleared rather than sent.
  const freeKey = free.join(',');
  useEffect(() => {
    if (availability && time && !freeKey.split(',').includes(time)) onTimeChange('');
  }, [availability, freeKey, time, onTimeChange]);

  const openDays = availability?.openWeekdays.map((day) => weekdayName(day, language)).join(t('list.separator'));
  const ownDateError =
    dateError ??
    (past
      ? t('slots.pastDay')
      : closed
        ? t('slots.closedDay', { day: weekdayName(weekdayOf(date), language), open: openDays })
        : null);

  let slots;
  if (!serviceId) slots = <p className="kb-hint">{t('slots.pickService')}</p>;
  else if (!date) slots = <p className="kb-hint">{t('slots.pickDate')}</p>;
  else if (past || closed) slots = null;
  else if (state.status === 'loading') slots = <p role="status" className="kb-hint">{t('slots.loading')}</p>;
  else if (state.status === 'error')
    slots = (
      <div role="alert" className="kb-inline-alert">
        <span>{t('errors.fallback.loadSlots')}</span>{' '}
        <Button size="small" icon={<ReloadOutlined aria-hidden="true" />} onClick={reload}>
          {t('actions.retry')}
        </Button>
      </div>
    );
  else if (free.length === 0) slots = <p className="kb-hint kb-empty-day">{t('slots.none')}</p>;
  else
    slots = (
      <div
        role="radiogroup"
        aria-labelledby={groupLabelId}
        aria-invalid={!!timeError}
        aria-describedby={timeError ? errorId : undefined}
        className="kb-slots"
      >
        {freeSlots.map((free) => {
          const slot = pickedTime(free);
          return (
          <label key={slot} className={`kb-slot${slot === time ? ' kb-slot-on' : ''}`}>
            <input
              type="radio"
              name={`slot-${groupLabelId}`}
              value={slot}
              checked={slot === time}
              onChange={() => onTimeChange(slot)}
              className="kh-visually-hidden"
            />
            <span>
              {free.date
                ? t('slots.nextDay', { time: formatTime(free.time, language), date: formatCalendarDate(free.date, { weekday: 'short', day: 'numeric', month: 'short', hijri: false }) })
                : formatTime(slot, language)}
            </span>
          </label>
          );
        })}
      </div>
    );

  return (
    <>
      <Field label={t('form.date')} required error={ownDateError} hint={calendar.openWeekdays ? t('slots.stripHint') : null}>
        <Input type="date" value={date} min={today} onChange={(event) => onDateChange(event.target.value)} />
      </Field>
      {calendar.openWeekdays ? (
        <DayStrip today={today} openWeekdays={calendar.openWeekdays} value={date} onChange={onDateChange} />
      ) : null}
      <div className={`kb-field${timeError ? ' kb-field-invalid' : ''}`}>
        <span id={groupLabelId} className="kb-label">
          {t('form.time')}
          <span aria-hidden="true"> *</span>
        </span>
        {zoneNote && slots ? <p className="kb-hint kb-zone-note">{zoneNote}</p> : null}
        {slots}
        {timeError ? (
          <p id={errorId} className="kb-error" role="alert">
            {timeError}
          </p>
        ) : null}
      </div>
    </>
  );
}
