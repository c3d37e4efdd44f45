import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BookingDisputeResponse, DisputeDto } from '@khidma/contracts';
import { i18n, initI18n } from '@khidma/web-kit';
import { fakeResponse } from '@khidma/web-kit/testing';
import { NS } from '../namespace';
import { apiError, booking, callsTo, mockApi, type Call } from '../testing/fixtures';
import { renderBooking, signIn } from '../testing/render';

beforeAll(() => initI18n(NS), 30_000);
beforeEach(() => i18n.changeLanguage('en'));

const noActions = { cancel: false, reschedule: false, pay: false, accept: false, decline: false, start: false, complete: false };
const completed = booking({ status: 'completed', paymentStatus: 'paid', actions: noActions });
const disputePath = `/api/bookings/${completed.id}/dispute`;
const OPEN_UNTIL = '2030-01-10T06:00:00.000Z';

function dispute(overrides: Partial<DisputeDto> = {}): DisputeDto {
  return {
    id: 'd-1',
    bookingId: completed.id,
    bookingNumber: completed.bookingNumber,
    serviceTitle: completed.service.title,
    serviceTitleAr: completed.service.titleAr,
    clientName: 'Sara Haddad',
    providerName: 'Sparkle Co',
    reason: 'poor_quality',
    status: 'open',
    outcome: null,
    requestedAmount: '20.00',
    paidAmount: '50.00',
    refundedAmount: null,
    decisionNote: null,
    createdAt: '2030-01-08T06:00:00.000Z',
    respondedAt: null,
    resolvedAt: null,
    messages: [{ id: 'm-1', side: 'client', authorName: 'Sara Haddad', text: 'The floor is still dirty.', photos: [], createdAt: '2030-01-08T06:00:00.000Z' }],
    actions: { reply: true, decide: false },
    refundableAmount: '50.00',
    ...overrides,
  };
}

function api(answer: BookingDisputeResponse, extra: (call: Call) => Response | undefined = () => undefined) {
  return mockApi((call) => {
    if (call.url.pathname === `/api/bookings/${completed.id}` && call.method === 'GET') return fakeResponse(200, completed);
    if (call.url.pathname === `/api/bookings/${completed.id}/review` && call.method === 'GET') return fakeResponse(200, { review: null, canReview: false });
    if (call.url.pathname === disputePath && call.method === 'GET') return fakeResponse(200, answer);
    return extra(call);
  });
}

const photo = (name: string, type: string, bytes = 10) => new File([new Uint8Array(bytes)], name, { type });

describe('Report a problem', () => {
  it('checks reason, description, amount and photos before sending, then shows the open dispute', async () => {
    signIn();
    const calls = api({ dispute: null, canOpen: true, openUntil: OPEN_UNTIL, refundableAmount: '50.00' }, (call) =>
      call.url.pathname === disputePath && call.method === 'POST' ? fakeResponse(201, dispute({ messages: [{ ...dispute().messages[0]!, text: 'The floor is still dirty after the visit.' }] })) : undefined,
    );
    renderBooking(`/my-bookings/${completed.id}`);
    const panel = await screen.findByRole('region', { name: 'Report a problem' });
    fireEvent.click(await within(panel).findByRole('button', { name: 'Report a problem' }));
    const send = within(panel).getByRole('button', { name: 'Send report' });

    fireEvent.click(send);
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Please choose what went wrong.');
    fireEvent.click(within(panel).getByRole('radio', { name: 'Poor quality' }));
    fireEvent.change(within(panel).getByLabelText('Describe the problem'), { target: { value: 'Dirty' } });
    fireEvent.click(send);
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Please describe the problem in at least 10 characters.');
    fireEvent.change(within(panel).getByLabelText('Describe the problem'), { target: { value: 'The floor is still dirty after the visit.' } });
    fireEvent.change(within(panel).getByLabelText('Refund you ask for ($)'), { target: { value: '50.01' } });
    fireEvent.click(send);
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Enter an amount between \u2066$0.01\u2069 and');

    // Photos: the type and the size are checked on the device; the server checks the bytes again.
    const files = within(panel).getByLabelText(/Photos \(optional, up to 3/);
    fireEvent.change(files, { target: { files: [photo('notes.pdf', 'application/pdf')] } });
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Photos must be JPEG, PNG or WebP images.');
    fireEvent.change(files, { target: { files: [photo('huge.jpg', 'image/jpeg', 1000 * 1024 + 1)] } });
    expect(await within(panel).findByRole('alert')).toHaveTextContent('A photo is too large');
    fireEvent.change(files, { target: { files: [photo('floor.png', 'image/png')] } });
    expect(within(panel).getByText('floor.png')).toBeInTheDocument();
    expect(callsTo(calls, disputePath, 'POST')).toHaveLength(0);

    fireEvent.change(within(panel).getByLabelText('Refund you ask for ($)'), { target: { value: '20' } });
    fireEvent.click(send);
    const opened = await screen.findByRole('region', { name: 'Dispute' });
    expect(within(opened).getByText('The floor is still dirty after the visit.')).toBeInTheDocument();
    const [sent] = callsTo(calls, disputePath, 'POST');
    expect(sent!.body).toMatchObject({ reason: 'poor_quality', description: 'The floor is still dirty after the visit.', requestedAmount: 20 });
    expect((sent!.body as { photos: string[] }).photos).toEqual([expect.stringMatching(/^data:image\/png;base64,/)]);
    expect(within(opened).getByText('Open')).toBeInTheDocument();
    // Many steps of a whole antd page in jsdom: slow on a busy machine.
  }, 90_000);

  it('says in Arabic when the 72 hours are over, from the server’s refusal', async () => {
    signIn();
    await i18n.changeLanguage('ar');
    api({ dispute: null, canOpen: true, openUntil: OPEN_UNTIL, refundableAmount: '50.00' }, (call) =>
      call.url.pathname === disputePath && call.method === 'POST' ? apiError(409, 'dispute_window_closed') : undefined,
    );
    renderBooking(`/my-bookings/${completed.id}`);
    const panel = await screen.findByRole('region', { name: 'الإبلاغ عن مشكلة' });
    fireEvent.click(await within(panel).findByRole('button', { name: 'الإبلاغ عن مشكلة' }));
    fireEvent.click(within(panel).getByRole('radio', { name: 'لم يحضر مقدّم الخدمة' }));
    fireEvent.change(within(panel).getByLabelText('صف المشكلة'), { target: { value: 'لم يحضر أحد في الموعد المحدد.' } });
    fireEvent.change(within(panel).getByLabelText('المبلغ الذي تطلب استرداده ($)'), { target: { value: '50' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'إرسال البلاغ' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('يمكن الإبلاغ عن المشاكل خلال 72 ساعة');
  });

  it('after the window shows no button, only when it ended, to the client', async () => {
    signIn();
    api({ dispute: null, canOpen: false, openUntil: OPEN_UNTIL, refundableAmount: '50.00' });
    renderBooking(`/my-bookings/${completed.id}`);
    const panel = await screen.findByRole('region', { name: 'Report a problem' });
    expect(await within(panel).findByText(/The 72 hours for reporting a problem with this job ended on/)).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Report a problem' })).not.toBeInTheDocument();
  });

  it('shows a decided dispute with its refund and conversation, without an answer form', async () => {
    signIn();
    api({
      dispute: dispute({
        status: 'resolved',
        outcome: 'partial_refund',
        refundedAmount: '15.00',
        decisionNote: 'Half of the job was redone.',
        actions: { reply: false, decide: false },
        messages: [
          dispute().messages[0]!,
          { id: 'm-2', side: 'provider', authorName: 'Sparkle Co', text: 'We came back the next day.', photos: [], createdAt: '2030-01-08T08:00:00.000Z' },
          { id: 'm-3', side: 'admin', authorName: 'Khidma', text: 'Half of the job was redone.', photos: [], createdAt: '2030-01-09T08:00:00.000Z' },
        ],
      }),
      canOpen: false,
      openUntil: OPEN_UNTIL,
      refundableAmount: '35.00',
    });
    renderBooking(`/my-bookings/${completed.id}`);
    const panel = await screen.findByRole('region', { name: 'Dispute' });
    expect(within(panel).getByText(/Resolved: partial refund of/)).toBeInTheDocument();
    expect(within(panel).getAllByRole('listitem').map((item) => item.className)).toEqual(
      expect.arrayContaining([expect.stringContaining('kb-dispute-client'), expect.stringContaining('kb-dispute-provider'), expect.stringContaining('kb-dispute-admin')]),
    );
    expect(within(panel).queryByRole('button', { name: 'Send answer' })).not.toBeInTheDocument();
  });

  it('lets a party answer while it is open and shows the answer', async () => {
    signIn();
    const calls = api({ dispute: dispute(), canOpen: false, openUntil: OPEN_UNTIL, refundableAmount: '50.00' }, (call) =>
      call.url.pathname === '/api/disputes/d-1/messages' && call.method === 'POST'
        ? fakeResponse(201, dispute({ messages: [...dispute().messages, { id: 'm-2', side: 'client', authorName: 'Sara Haddad', text: 'Here is more detail.', photos: [], createdAt: '2030-01-08T07:00:00.000Z' }] }))
        : undefined,
    );
    renderBooking(`/my-bookings/${completed.id}`);
    const panel = await screen.findByRole('region', { name: 'Dispute' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Send answer' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Please write your answer.');
    fireEvent.change(within(panel).getByLabelText('Your answer'), { target: { value: 'Here is more detail.' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Send answer' }));
    await within(panel).findByText('Here is more detail.');
    await waitFor(() => expect(callsTo(calls, '/api/disputes/d-1/messages', 'POST')).toHaveLength(1));
  });
});
