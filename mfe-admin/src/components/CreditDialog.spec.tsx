import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { CreditAccountDto } from '@khidma/contracts';
import { i18n, initI18n } from '@khidma/web-kit';
import { fakeResponse, testUser } from '@khidma/web-kit/testing';
import { NS } from '../namespace';
import { admin, callsTo, mockApi } from '../testing/fixtures';
import { LANGUAGES, plainText, signIn, tr } from '../testing/render';
import { CreditDialog, grantErrors } from './CreditDialog';

beforeAll(() => initI18n(NS), 30_000);
beforeEach(() => signIn(admin));
afterEach(() => signIn(null));

const sara = testUser();

/** Sara's credit: starts with one goodwill entry; a grant adds one and answers like the server. */
function api() {
  let balance = 10;
  const items: CreditAccountDto['entries']['items'] = [
    { id: 'ce-1', amount: '10.00', reason: 'goodwill', bookingId: null, bookingNumber: null, adminId: admin.id, note: 'Late visit', createdAt: '2026-11-20T10:00:00.000Z' },
  ];
  return mockApi((url, init) => {
    if (url.pathname === `/api/admin/users/${sara.id}/credit`) {
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { amount: string; note: string };
        balance += Number(body.amount);
        const entry = { id: `ce-${items.length + 1}`, amount: Number(body.amount).toFixed(2), reason: 'goodwill' as const, bookingId: null, bookingNumber: null, adminId: admin.id, note: body.note, createdAt: '2026-11-21T10:00:00.000Z' };
        items.unshift(entry);
        return fakeResponse(201, { entry, balance: balance.toFixed(2) });
      }
      return fakeResponse(200, { clientId: sara.id, balance: balance.toFixed(2), entries: { items, total: items.length, page: 1, limit: 5 } });
    }
    return undefined;
  });
}

describe('grantErrors', () => {
  it('holds the server’s bounds: $1 to $500 with cents, a note of 3 characters or more', () => {
    expect(grantErrors('25', 'Late visit')).toEqual({});
    expect(grantErrors('500.00', 'abc')).toEqual({});
    expect(grantErrors('0.99', 'Late visit')).toEqual({ amount: 'amount' });
    expect(grantErrors('500.01', 'Late visit')).toEqual({ amount: 'amount' });
    expect(grantErrors('1.234', '  ab  ')).toEqual({ amount: 'amount', note: 'note' });
  });
});

describe.each(LANGUAGES)('Credit dialog in %s', (language) => {
  beforeAll(() => i18n.changeLanguage(language));

  it('shows a client’s credit, refuses a grant without a note, grants with one and shows the new balance', async () => {
    const fetch = api();
    render(<CreditDialog user={sara} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(plainText(dialog)).toContain(`${tr('credit.balance')}: `));
    expect(within(dialog).getByText('Late visit')).toBeInTheDocument();

    fireEvent.change(within(dialog).getByLabelText(tr('credit.amount')), { target: { value: '25' } });
    fireEvent.click(within(dialog).getByRole('button', { name: tr('credit.grant') }));
    expect(await within(dialog).findByText(tr('credit.errors.note', { noteMin: 3 }))).toHaveAttribute('role', 'alert');
    expect(callsTo(fetch, `/api/admin/users/${sara.id}/credit`).filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText(tr('credit.note')), { target: { value: ' Sorry for the wait ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: tr('credit.grant') }));
    await waitFor(() => expect(within(dialog).getByText('Sorry for the wait')).toBeInTheDocument());
    const posts = callsTo(fetch, `/api/admin/users/${sara.id}/credit`).filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.body)).toEqual([{ amount: '25', note: 'Sorry for the wait' }]);
    await waitFor(() => expect(plainText(dialog)).toMatch(/\$35/));
  });
});
