import { act, renderHook } from '@testing-library/react';
import { reloadHijriChoice, setShowHijri } from './hijri.js';
import { i18n, initI18n, registerNamespace } from './i18n.js';
import { useDateFormat } from './useDateFormat.js';

// useTranslation suspends until its namespace is loaded: the hook's tests bring an empty one.
registerNamespace('dates', async () => ({}));

beforeAll(async () => {
  await initI18n('dates');
});

beforeEach(async () => {
  localStorage.clear();
  reloadHijriChoice();
  await act(() => i18n.changeLanguage('en'));
});

const NOON_18_FEB_2026 = '2026-02-18T12:00:00Z';

it('formats in the page language with a medium date unless told otherwise', () => {
  const { result } = renderHook(() => useDateFormat());
  expect(result.current.language).toBe('en');
  expect(
    result.current.formatDate(NOON_18_FEB_2026, { timeZone: 'UTC', dateStyle: 'medium' }),
  ).toBe('Feb 18, 2026');
  expect(result.current.formatCalendarDate('2026-02-18')).toBe('Feb 18, 2026');
  expect(result.current.formatCalendarDate('2026-02-18', { dateStyle: 'full' })).toBe(
    'Wednesday, February 18, 2026',
  );
});

it('follows the Hijri choice and the language as they change, and lets one date opt out', async () => {
  const { result } = renderHook(() => useDateFormat());
  act(() => setShowHijri(true));
  expect(result.current.formatCalendarDate('2026-02-18')).toBe(
    '\u2068Feb 18, 2026\u2069 · \u2068Ramadan 1, 1447 AH\u2069',
  );
  expect(
    result.current.formatDate(NOON_18_FEB_2026, { dateStyle: 'medium', timeZone: 'UTC' }),
  ).toContain('Ramadan 1, 1447 AH');
  expect(
    result.current.formatCalendarDate('2026-02-18', { dateStyle: 'medium', hijri: false }),
  ).toBe('Feb 18, 2026');

  await act(() => i18n.changeLanguage('ar'));
  expect(result.current.language).toBe('ar');
  expect(result.current.formatCalendarDate('2026-02-18')).toContain('1 رمضان 1447 هـ');
  act(() => setShowHijri(false));
  expect(result.current.formatCalendarDate('2026-02-18')).not.toContain('رمضان');
});
