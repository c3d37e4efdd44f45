import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useTranslation } from 'react-i18next';
import { AppProviders } from './AppProviders.js';
import { HIJRI_STORAGE_KEY, reloadHijriChoice } from './hijri.js';
import { HijriSwitch } from './HijriSwitch.js';
import { i18n, initI18n, registerNamespace } from './i18n.js';
import { useDateFormat } from './useDateFormat.js';

registerNamespace('test', async (language) => ({ hijri: language === 'ar' ? 'عرض التاريخ الهجري' : 'Show Hijri dates' }));

beforeAll(async () => {
  localStorage.clear();
  await initI18n('test');
});

beforeEach(async () => {
  localStorage.clear();
  reloadHijriChoice();
  await act(() => i18n.changeLanguage('en'));
});

/** A page date as the apps show it: re-rendered when the preference or the language changes. */
function BookingDay() {
  const { formatCalendarDate } = useDateFormat();
  return <time dateTime="2026-02-18">{formatCalendarDate('2026-02-18')}</time>;
}

function Labelled() {
  const { t } = useTranslation();
  return <HijriSwitch label={t('hijri')} />;
}

function Page() {
  return (
    <AppProviders>
      <Labelled />
      <BookingDay />
    </AppProviders>
  );
}

it('is off in English by default; turning it on shows the Hijri date and remembers the choice', async () => {
  render(<Page />);
  const toggle = screen.getByRole('switch', { name: 'Show Hijri dates' });
  expect(toggle).not.toBeChecked();
  expect(screen.getByText('Feb 18, 2026')).toBeInTheDocument();

  await userEvent.click(screen.getByText('Show Hijri dates')); // the label toggles it too
  expect(toggle).toBeChecked();
  expect(screen.getByRole('time')).toHaveTextContent('Feb 18, 2026\u2069 · \u2068Ramadan 1, 1447 AH');
  expect(localStorage.getItem(HIJRI_STORAGE_KEY)).toBe('on');
});

it('is reached with Tab and toggled with Space', async () => {
  render(<Page />);
  await userEvent.tab();
  const toggle = screen.getByRole('switch', { name: 'Show Hijri dates' });
  expect(toggle).toHaveFocus();
  await userEvent.keyboard(' ');
  expect(toggle).toBeChecked();
  await userEvent.keyboard(' ');
  expect(toggle).not.toBeChecked();
  expect(localStorage.getItem(HIJRI_STORAGE_KEY)).toBe('off');
  expect(screen.getByRole('time')).toHaveTextContent(/^Feb 18, 2026$/);
});

it('is on in Arabic by default, and an explicit "off" still holds after switching language', async () => {
  render(<Page />);
  await act(() => i18n.changeLanguage('ar'));
  const toggle = await screen.findByRole('switch', { name: 'عرض التاريخ الهجري' });
  expect(toggle).toBeChecked();
  expect(screen.getByRole('time')).toHaveTextContent('1 رمضان 1447 هـ');

  await userEvent.click(toggle);
  expect(screen.getByRole('time')).not.toHaveTextContent('رمضان');
  await act(() => i18n.changeLanguage('en'));
  await act(() => i18n.changeLanguage('ar'));
  expect(screen.getByRole('switch', { name: 'عرض التاريخ الهجري' })).not.toBeChecked();
  expect(localStorage.getItem(HIJRI_STORAGE_KEY)).toBe('off');
});
