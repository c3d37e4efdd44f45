import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useTranslation } from 'react-i18next';
import { AppProviders } from './AppProviders.js';
import { i18n, initI18n, registerNamespace } from './i18n.js';
import { REGION_STORAGE_KEY, reloadClientRegion, useClientRegion } from './region.js';
import { RegionSelect } from './RegionSelect.js';

registerNamespace('test', async (language) =>
  language === 'ar' ? { region: 'منطقتك', automatic: 'تلقائي' } : { region: 'Your region', automatic: 'Automatic' },
);

beforeAll(async () => {
  await initI18n('test');
});

beforeEach(async () => {
  localStorage.clear();
  reloadClientRegion();
  await act(() => i18n.changeLanguage('en'));
});

/** What the booking form reads: the region's zone, re-rendered on a change. */
function ZoneInUse() {
  const region = useClientRegion();
  return <output>{region?.timeZone ?? 'none'}</output>;
}

function Labelled() {
  const { t } = useTranslation();
  return <RegionSelect label={t('region')} automatic={t('automatic')} />;
}

const page = () =>
  render(
    <AppProviders>
      <Labelled />
      <ZoneInUse />
    </AppProviders>,
  );

it('starts on "Automatic"; choosing a region changes the zone in use at once and is remembered; Automatic forgets it', async () => {
  page();
  const select = screen.getByRole('combobox', { name: 'Your region' });
  expect(select).toHaveValue('');
  await userEvent.selectOptions(select, 'Saudi Arabia');
  expect(screen.getByRole('status')).toHaveTextContent('Asia/Riyadh');
  expect(localStorage.getItem(REGION_STORAGE_KEY)).toBe('SA');

  reloadClientRegion(); // a reload reads the stored choice
  expect(screen.getByRole('combobox', { name: 'Your region' })).toHaveValue('SA');

  await userEvent.selectOptions(select, 'Automatic');
  expect(localStorage.getItem(REGION_STORAGE_KEY)).toBeNull();
  expect(select).toHaveValue('');
});

it('names the regions in Arabic on an Arabic page', async () => {
  page();
  await act(() => i18n.changeLanguage('ar'));
  const select = screen.getByRole('combobox', { name: 'منطقتك' });
  await userEvent.selectOptions(select, 'الإمارات العربية المتحدة');
  expect(screen.getByRole('status')).toHaveTextContent('Asia/Dubai');
});
