import { slotOf } from './dates';
import { BOOKING, type BookingDto, type CreateBookingRequest, type CreateSeriesRequest, type SeriesFrequency, type SeriesResolution, HOURLY_DURATION, type Language, PHONE_PATTERN, type ServiceSummaryDto } from '@khidma/contracts';

/** Spec §3: categories the booking form offers. */
export const BOOKING_SERVICE_TYPES = ['cleaning', 'plumbing', 'electrical', 'delivery', 'maintenance', 'painting', 'gardening', 'tutoring'] as const;

/** Spec §3 booking form, plus the hours of an hourly service. */
export interface BookingFormValues {
  serviceType: string;
  date: string;
  time: string;
  /** Whole hours, for hourly services only. */
  hours: number;
  location: string;
  phone: string;
  email: string;
  name: string;
  details: string;
}

export type BookingField = Exclude<keyof BookingFormValues, 'hours'>;

/** Longest hourly booking the booking service accepts, in hours. */
export const MAX_HOURS = HOURLY_DURATION.max / 60;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Spec §5 booking form rules: field → message key under `validation`. Details are optional. */
export function bookingErrors(values: BookingFormValues): Partial<Record<BookingField, string>> {
  const errors: Partial<Record<BookingField, string>> = {};
  if (!values.serviceType) errors.serviceType = 'serviceType';
  if (!values.date) errors.date = 'date';
  if (!values.time) errors.time = 'time';
  if (!values.location.trim()) errors.location = 'location';
  if (!values.phone.trim()) errors.phone = 'phone';
  else if (!PHONE_PATTERN.test(values.phone.trim())) errors.phone = 'phoneFormat';
  if (!EMAIL.test(values.email.trim())) errors.email = 'email';
  if (!values.name.trim()) errors.name = 'name';
  return errors;
}

/** Hours an hourly service is booked for by default: its listed duration, in whole hours. */
export const defaultHours = (service: Pick<ServiceSummaryDto, 'duration'>) =>
  Math.min(MAX_HOURS, Math.max(1, Math.round((service.duration || BOOKING.defaultDurationMinutes) / 60)));

export function createRequest(service: ServiceSummaryDto, values: BookingFormValues, language: Language): CreateBookingRequest {
  const details = values.details.trim();
  return {
    serviceId: service.id,
    ...slotOf(values.date, values.time),
    // Per-job services always take the listing's duration (the server decides it).
    ...(service.priceType === 'hourly' ? { duration: values.hours * 60 } : {}),
    clientAddress: values.location.trim(),
    clientPhone: values.phone.trim(),
    ...(details ? { specialInstructions: details } : {}),
    clientName: values.name.trim(),
    language,
  };
}

/**
 * This form's URL with what has been typed so far, so a visitor sent to sign in comes back to the
 * same form (`/login?redirect=` + this). The e-mail comes back from the session instead.
 */
export function formUrl(values: BookingFormValues, serviceIdOrSlug: string | null): string {
  const query = new URLSearchParams();
  if (serviceIdOrSlug) query.set('service', serviceIdOrSlug);
  const fields: [string, string][] = [
    ['serviceType', values.serviceType],
    ['date', values.date],
    ['time', values.time],
    ['hours', values.hours > 0 ? String(values.hours) : ''],
    ['location', values.location],
    ['phone', values.phone],
    ['name', values.name],
    ['details', values.details],
  ];
  for (const [name, value] of fields) if (value.trim()) query.set(name, value);
  return `/booking?${query.toString()}`;
}

/**
 * "Book again": the booking form with a finished booking's service, provider (the service is one
 * provider's listing), time of day, hours, address, phone, name and notes; the client picks the date.
 */
export function bookAgainUrl(booking: BookingDto): string {
  return formUrl(
    {
      serviceType: booking.service.categorySlug,
      date: '',
      time: booking.scheduledTime,
      hours: booking.service.priceType === 'hourly' ? Math.round(booking.duration / 60) : 0,
      location: booking.clientAddress,
      phone: booking.clientPhone,
      email: '',
      name: booking.clientName,
      details: booking.specialInstructions ?? '',
    },
    booking.serviceId,
  );
}

/** The booking form's repeat choice: none, or how often and until when. */
export interface RepeatValues {
  frequency: SeriesFrequency | 'none';
  end: 'count' | 'until';
  count: number;
  until: string;
}

export const NO_REPEAT: RepeatValues = { frequency: 'none', end: 'count', count: 4, until: '' };

/** The series request for the form's values and the client's choices for conflicting dates. */
export function seriesRequest(
  service: ServiceSummaryDto,
  values: BookingFormValues,
  repeat: RepeatValues,
  language: Language,
  resolutions: SeriesResolution[] = [],
): CreateSeriesRequest {
  if (repeat.frequency === 'none') throw new Error('seriesRequest needs a repeating frequency');
  return {
    ...createRequest(service, values, language),
    frequency: repeat.frequency,
    ...(repeat.end === 'count' ? { occurrences: repeat.count } : { until: repeat.until }),
    ...(resolutions.length ? { resolutions } : {}),
  };
}
