import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LANGUAGE_STORAGE_KEY } from '@khidma/contracts';
import { AppProviders } from './AppProviders.js';
import { i18n, initI18n, registerNamespace } from './i18n.js';
import { LanguageSwitcher } from './LanguageSwitcher.js';

registerNamespace('test', async (language) => ({ label: language === 'ar' ? 'اللغة' : 'Language' }));

beforeAll(async () => {
  localStorage.clear();
  await initI18n('test');
});

function Switcher() {
  return (
    <AppProviders>
      <LanguageSwitcher label={i18n.t('label')} />
    </AppProviders>
  );
}

it('starts in English, left to right, when nothing is stored', () => {
  expect(document.documentElement.lang).toBe('en');
  expect(document.documentElement.dir).toBe('ltr');
});

it('switching to Arabic sets <html dir="rtl" lang="ar"> and stores preferred-language', async () => {
  render(<Switcher />);
  await userEvent.click(screen.getByRole('button', { name: 'العربية' }));
  expect(document.documentElement.dir).toBe('rtl');
  expect(document.documentElement.lang).toBe('ar');
  expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ar');
  expect(screen.getByRole('button', { name: 'العربية' })).toHaveAttribute('aria-pressed', 'true');

  await userEvent.click(screen.getByRole('button', { name: 'English' }));
  expect(document.documentElement.dir).toBe('ltr');
  expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
  await act(() => i18n.changeLanguage('en'));
});
