import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DisputeDto } from '@khidma/contracts';
import { initI18n } from '@khidma/web-kit';
import { fakeResponse } from '@khidma/web-kit/testing';
import { NS } from '../namespace';
import { admin, mockApi, pending } from '../testing/fixtures';
import { renderAdmin, signIn, tr } from '../testing/render';

beforeAll(() => initI18n(NS), 30_000);
beforeEach(() => signIn(admin));
afterEach(() => signIn(null));

const dispute = (overrides: Partial<DisputeDto> = {}): DisputeDto => ({
  id: 'd-1',
  bookingId: 'bk-1',
  bookingNumber: 'KH-AAAA-BBBB',
  serviceTitle: 'Door and Lock Repair',
  serviceTitleAr: 'إصلاح الأبواب والأقفال',
  clientName: 'Sara Haddad',
  providerName: 'Nasser Home Maintenance',
  reason: 'poor_quality',
  status: 'provider_responded',
  outcome: null,
  requestedAmount: '20.00',
  paidAmount: '40.00',
  refundedAmount: null,
  decisionNote: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  respondedAt: '2026-11-20T12:00:00.000Z',
  resolvedAt: null,
  messages: [
    { id: 'm-1', side: 'client', authorName: 'Sara Haddad', text: 'The lock still sticks.', photos: [], createdAt: '2026-11-20T10:00:00.000Z' },
    { id: 'm-2', side: 'provider', authorName: 'Nasser Home Maintenance', text: 'I will come back.', photos: [], createdAt: '2026-11-20T12:00:00.000Z' },
  ],
  actions: { reply: false, decide: true },
  refundableAmount: '30.00',
  ...overrides,
});

describe('Disputes tab', () => {
  it('reads the case and decides a partial refund within the refundable amount, with a note', async () => {
    const sent: unknown[] = [];
    mockApi((url, init) => {
      if (url.pathname === '/api/admin/pending-approvals') return fakeResponse(200, pending());
      if (url.pathname === '/api/admin/disputes') return fakeResponse(200, { disputes: [dispute()] });
      if (url.pathname === '/api/disputes/d-1') return fakeResponse(200, dispute());
      if (url.pathname === '/api/admin/disputes/d-1/decide') {
        sent.push(JSON.parse(String(init?.body)));
        return fakeResponse(200, dispute({ status: 'resolved', outcome: 'partial_refund', refundedAmount: '12.50', actions: { reply: false, decide: false } }));
      }
      return undefined;
    });
    renderAdmin('/admin?tab=disputes');
    const row = (await screen.findByText(/KH-AAAA-BBBB/)).closest('li')!;
    fireEvent.click(within(row as HTMLElement).getByRole('button', { name: tr('disputes.open') }));
    await within(row as HTMLElement).findByText('I will come back.');
    const decide = within(row as HTMLElement).getByRole('button', { name: tr('disputes.decide') });

    fireEvent.click(decide);
    expect(await within(row as HTMLElement).findByRole('alert')).toHaveTextContent(tr('disputes.errors.outcome'));
    fireEvent.click(within(row as HTMLElement).getByRole('radio', { name: tr('disputes.choices.partial_refund') }));
    const amount = within(row as HTMLElement).getByLabelText(/Refund amount/);
    fireEvent.change(amount, { target: { value: '30.01' } });
    fireEvent.click(decide);
    expect(await within(row as HTMLElement).findByRole('alert')).toHaveTextContent(/Enter an amount above \u2066\$0\u2069 and at most \u2066\$30\u2069\./);
    fireEvent.change(amount, { target: { value: '12.5' } });
    fireEvent.click(decide);
    expect(await within(row as HTMLElement).findByRole('alert')).toHaveTextContent(tr('disputes.errors.note'));
    expect(sent).toHaveLength(0);
    fireEvent.change(within(row as HTMLElement).getByLabelText(tr('disputes.note')), { target: { value: 'Half of it held.' } });
    fireEvent.click(decide);
    await waitFor(() => expect(sent).toEqual([{ outcome: 'partial_refund', amount: 12.5, note: 'Half of it held.' }]));
    await waitFor(() => expect(within(row as HTMLElement).queryByRole('button', { name: tr('disputes.decide') })).not.toBeInTheDocument());
  }, 90_000);
});
