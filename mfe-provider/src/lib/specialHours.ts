import { CLOCK_TIME, type SpecialHoursRequest } from '@khidma/contracts';

/** Opening and closing hours of declared special hours: whole hours 00:00 … 23:00 (a closing hour at or before the opening one runs past midnight). */
export const SPECIAL_HOURS = Array.from({ length: 24 }, (_, hour) => `${String(hour).padStart(2, '0')}:00`);

export interface SpecialHoursForm {
  label: string;
  startDate: string;
  endDate: string;
  closed: boolean;
  opensAt: string;
  closesAt: string;
}

export type SpecialHoursField = 'label' | 'startDate' | 'endDate' | 'opensAt' | 'closesAt';
/** Codes of `dashboard.specialHours.errors.<code>`. */
export type SpecialHoursError = 'required' | 'date' | 'order' | 'time' | 'sameTime';

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isCalendarDate = (value: string) =>
  CALENDAR_DATE.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;

/** The form's problems by field, checked as the server checks them; empty when it can be sent. */
export function validateSpecialHours(form: SpecialHoursForm): Partial<Record<SpecialHoursField, SpecialHoursError>> {
  const errors: Partial<Record<SpecialHoursField, SpecialHoursError>> = {};
  if (!form.label.trim()) errors.label = 'required';
  if (!form.startDate) errors.startDate = 'required';
  else if (!isCalendarDate(form.startDate)) errors.startDate = 'date';
  if (!form.endDate) errors.endDate = 'required';
  else if (!isCalendarDate(form.endDate)) errors.endDate = 'date';
  else if (!errors.startDate && form.endDate < form.startDate) errors.endDate = 'order';
  if (!form.closed) {
    if (!CLOCK_TIME.test(form.opensAt)) errors.opensAt = 'time';
    if (!CLOCK_TIME.test(form.closesAt)) errors.closesAt = 'time';
    else if (form.opensAt === form.closesAt) errors.closesAt = 'sameTime';
  }
  return errors;
}

/** The request for a valid form. */
export const specialHoursRequest = (form: SpecialHoursForm): SpecialHoursRequest => ({
  label: form.label.trim(),
  startDate: form.startDate,
  endDate: form.endDate,
  opensAt: form.closed ? null : form.opensAt,
  closesAt: form.closed ? null : form.closesAt,
});

/** True when the hours run past midnight (20:00–02:00). */
export const crossesMidnight = (opensAt: string | null, closesAt: string | null) => opensAt !== null && closesAt !== null && closesAt <= opensAt;
