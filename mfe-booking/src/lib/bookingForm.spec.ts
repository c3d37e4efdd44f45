import { bookingErrors, createRequest, defaultHours, formUrl, type BookingFormValues } from './bookingForm';
import { service } from '../testing/fixtures';

const filled: BookingFormValues = {
  serviceType: 'cleaning',
  date: '2026-11-24',
  time: '10:00',
  hours: 2,
  location: '12 Rainbow St',
  phone: '+962 79 555 0101',
  email: 'sara@example.com',
  name: 'Sara',
  details: '',
};

describe('booking form rules (spec §5)', () => {
  it('a filled form passes; details are optional', () => {
    expect(bookingErrors(filled)).toEqual({});
  });

  it('names every missing or malformed field', () => {
    const empty = { ...filled, serviceType: '', date: '', time: '', location: ' ', phone: '', email: 'x@', name: '' };
    expect(bookingErrors(empty)).toEqual({
      serviceType: 'serviceType',
      date: 'date',
      time: 'time',
      location: 'location',
      phone: 'phone',
      email: 'email',
      name: 'name',
    });
    expect(bookingErrors({ ...filled, phone: 'call me' })).toEqual({ phone: 'phoneFormat' });
  });

  it('hourly services send whole hours as minutes; per-job services leave the duration to the server', () => {
    expect(createRequest(service(), filled, 'en')).toMatchObject({ duration: 120, language: 'en' });
    expect(createRequest(service({ priceType: 'per_job' }), filled, 'ar')).not.toHaveProperty('duration');
    expect(createRequest(service(), filled, 'en')).not.toHaveProperty('specialInstructions');
    expect(defaultHours({ duration: 90 })).toBe(2);
    expect(defaultHours({ duration: 0 })).toBe(1);
  });

  it('the sign-in round trip keeps what was typed, but not the e-mail', () => {
    const url = new URL(formUrl({ ...filled, details: 'Gate code 12' }, 'svc-1'), 'http://x');
    expect(url.pathname).toBe('/booking');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      service: 'svc-1',
      serviceType: 'cleaning',
      date: '2026-11-24',
      time: '10:00',
      hours: '2',
      location: '12 Rainbow St',
      phone: '+962 79 555 0101',
      name: 'Sara',
      details: 'Gate code 12',
    });
  });
});
