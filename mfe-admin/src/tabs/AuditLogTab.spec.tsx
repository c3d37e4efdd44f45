import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { jest } from '@jest/globals';
import type { AdminAuditEntryDto } from '@khidma/contracts';
import { formatDate, i18n, initI18n } from '@khidma/web-kit';
import { fakeResponse } from '@khidma/web-kit/testing';
import { NS } from '../namespace';
import { SEARCH_DEBOUNCE_MS } from '../components/SearchBox';
import { admin, callsTo, mockApi, paged, pending } from '../testing/fixtures';
import { LANGUAGES, loadedRows, plainText, renderAdmin, signIn, tr } from '../testing/render';

beforeAll(() => initI18n(NS), 30_000);
beforeEach(() => signIn(admin));
afterEach(() => {
  signIn(null);
  jest.useRealTimers();
});

const entry = (overrides: Partial<AdminAuditEntryDto> = {}): AdminAuditEntryDto => ({
  id: 'au-1',
  action: 'service.rejected',
  actorId: admin.id,
  actorEmail: 'chief@khidma.test',
  targetType: 'service',
  targetId: 'svc-1',
  summary: 'Deep Cleaning',
  summaryAr: 'تنظيف عميق',
  reason: 'Photos missing',
  createdAt: '2030-01-07T06:00:00.000Z',
  ...overrides,
});

function api() {
  return mockApi((url) => {
    if (url.pathname === '/api/admin/pending-approvals') return fakeResponse(200, pending());
    if (url.pathname === '/api/admin/audit-log') {
      return fakeResponse(200, paged([entry(), entry({ id: 'au-2', action: 'review.hidden', targetType: 'review', summary: 'Sara: Tap Fix', summaryAr: null, reason: null })], 2));
    }
    return undefined;
  });
}

const optionText = (text: string) => (_: string, element: Element | null) =>
  Boolean(element?.classList.contains('ant-select-item-option-content') && element.textContent === text);

describe.each(LANGUAGES)('audit log tab in %s', (language) => {
  beforeAll(() => i18n.changeLanguage(language));

  it('lists who did what to which object and why, in the language', async () => {
    api();
    renderAdmin('/admin?tab=audit');
    const table = await screen.findByRole('region', { name: tr('tabs.audit') });
    const [first, second] = await loadedRows(table);
    const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map(plainText);
    expect(cells(first!).slice(1)).toEqual([
      'chief@khidma.test',
      tr('audit.actions.service.rejected'),
      `${tr('audit.targets.service')}${language === 'ar' ? 'تنظيف عميق' : 'Deep Cleaning'}`,
      'Photos missing',
    ]);
    expect(within(first!).getByText('chief@khidma.test')).toHaveAttribute('dir', 'ltr');
    // The Arabic summary reads right to left; an English one (no Arabic) finds its own direction.
    expect(within(first!).getByText(language === 'ar' ? 'تنظيف عميق' : 'Deep Cleaning')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'auto');
    expect(first!.querySelector('time')).toHaveAttribute('dateTime', '2030-01-07T06:00:00.000Z');
    // The Hijri date follows in Arabic, where the preference is on by default.
    const stamp = formatDate('2030-01-07T06:00:00.000Z', language, { dateStyle: 'medium', timeStyle: 'short', hijri: language === 'ar' });
    expect(first!.querySelector('time')).toHaveTextContent(stamp);
    // No Arabic summary: the English one; no reason: a dash.
    expect(cells(second!).slice(2)).toEqual([tr('audit.actions.review.hidden'), `${tr('audit.targets.review')}Sara: Tap Fix`, tr('audit.noReason')]);
  });

  it('filters by action, admin and days, starting again at page 1', async () => {
    const fetch = api();
    renderAdmin('/admin?tab=audit');
    await screen.findByRole('region', { name: tr('tabs.audit') });
    expect(callsTo(fetch, '/api/admin/audit-log')[0]!.query.toString()).toBe('page=1&limit=20');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: tr('audit.action') }));
    fireEvent.click(await screen.findByText(optionText(tr('audit.actions.review.hidden'))));
    await waitFor(() => expect(callsTo(fetch, '/api/admin/audit-log').at(-1)?.query.get('action')).toBe('review.hidden'));

    jest.useFakeTimers();
    fireEvent.change(screen.getByRole('searchbox', { name: tr('audit.actor') }), { target: { value: 'chief' } });
    act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    jest.useRealTimers();
    fireEvent.change(screen.getByLabelText(tr('audit.from')), { target: { value: '2030-01-01' } });
    fireEvent.change(screen.getByLabelText(tr('audit.to')), { target: { value: '2030-01-07' } });
    await waitFor(() =>
      expect(callsTo(fetch, '/api/admin/audit-log').at(-1)?.query.toString()).toBe(
        'page=1&limit=20&action=review.hidden&actor=chief&from=2030-01-01&to=2030-01-07',
      ),
    );
  });
});
