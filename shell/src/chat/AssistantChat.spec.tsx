import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSession } from '@khidma/web-kit';
import { FakeEventStream, fakeResponse, fetchCall } from '@khidma/web-kit/testing';
import ChatPage from '../pages/ChatPage';
import { mockApi, renderAt, sessionFor, setupI18n } from '../test-utils';

const proposal = {
  response: 'Please confirm: book "Deep Cleaning" on Tuesday 8 January at 10:00, $120.00/job.\nType "yes" to confirm or "no" to cancel',
  requiresConfirmation: true,
  confirmationToken: 'signed.token',
  confirmationMessage: 'Please confirm: book "Deep Cleaning"',
  action: 'create_booking',
  parameters: { serviceId: 's1', scheduledDate: '2030-01-08', scheduledTime: '10:00' },
};
const booked = {
  response: 'Booked: KH-AAAA-BBBB.',
  links: [
    { label: 'Pay now', href: '/payment?booking_id=b1&amount=120.00&service=Deep+Cleaning' },
    { label: 'View booking', href: '/my-bookings/b1' },
  ],
  result: { message: 'Booked: KH-AAAA-BBBB.', success: true },
};
const bodyOf = (api: ReturnType<typeof mockApi>, path: string) =>
  JSON.parse(String(api.mock.calls.find(([url]) => String(url) === path)![1]!.body)) as Record<string, unknown>;

describe.each(['en', 'ar'] as const)('the assistant chat page in %s', (language) => {
  beforeAll(() => setupI18n(language), 60_000);
  beforeEach(() => {
    sessionStorage.clear();
    useSession.getState().signIn(sessionFor('client'));
  });

  it('offers suggestion chips, shows a proposal card and confirms it with its token only', async () => {
    const confirmLabel = language === 'en' ? 'Confirm' : 'تأكيد';
    let chat = 0;
    const api = mockApi({
      'POST /api/ai/chat': () => fakeResponse(200, chat++ === 0 ? { response: 'Here is what I found', suggestions: ['Book number 1'] } : proposal),
      'POST /api/ai-actions/action': fakeResponse(200, booked),
    });
    renderAt(<ChatPage />, '/chat');
    await userEvent.type(screen.getByRole('textbox'), 'find a cleaner{Enter}');
    const chips = await screen.findByRole('group', { name: language === 'en' ? 'Suggestions' : 'اقتراحات' });
    await userEvent.click(within(chips).getByRole('button', { name: 'Book number 1' }));

    const card = await screen.findByRole('group', { name: language === 'en' ? 'Proposed action' : 'الإجراء المقترح' });
    await userEvent.click(within(card).getByRole('button', { name: confirmLabel }));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Pay now' })).toHaveAttribute('href', '/payment?booking_id=b1&amount=120.00&service=Deep+Cleaning'));
    expect(bodyOf(api, '/api/ai-actions/action')).toMatchObject({ action: 'create_booking', confirmationToken: 'signed.token', parameters: proposal.parameters, language });
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
  });

  it('sends a cancelling word for Cancel and keeps the conversation across a reload', async () => {
    const sent: Array<Record<string, string>> = [];
    mockApi({
      'POST /api/ai/chat': () => fakeResponse(200, sent.length <= 1 ? proposal : { response: language === 'en' ? 'Cancelled.' : 'تم الإلغاء.' }),
    });
    const original = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) === '/api/ai/chat') sent.push(JSON.parse(String(init!.body)) as Record<string, string>);
      return original(input, init);
    }) as typeof fetch;
    const first = renderAt(<ChatPage />, '/chat');
    await userEvent.type(screen.getByRole('textbox'), 'book a cleaner{Enter}');
    const card = await screen.findByRole('group', { name: language === 'en' ? 'Proposed action' : 'الإجراء المقترح' });
    await userEvent.click(within(card).getByRole('button', { name: language === 'en' ? 'Cancel' : 'إلغاء' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[0]).toMatchObject({ message: 'book a cleaner' });
    expect(sent[1]).toMatchObject({ message: language === 'en' ? 'no' : 'لا', sessionId: sent[0]!.sessionId });
    const sessionId = sent[0]!.sessionId;
    first.unmount();

    renderAt(<ChatPage />, '/chat');
    expect(await screen.findByText('book a cleaner')).toBeInTheDocument();
    expect(sessionStorage.getItem('kh-assistant-session')).toBe(sessionId);
  });

  it('shows the answer as it streams, then the finished message once, announced by the log', async () => {
    const stream = new FakeEventStream();
    const api = mockApi({ 'POST /api/ai/chat': () => stream.response() });
    renderAt(<ChatPage />, '/chat');
    const typing = language === 'en' ? 'The assistant is typing' : 'المساعد يكتب';
    await userEvent.type(screen.getByRole('textbox'), 'when do cleaners work?{Enter}');
    expect(await screen.findByLabelText(typing)).toBeInTheDocument();
    const chatCall = api.mock.calls.map((call) => fetchCall(...call)).find((call) => call.path === '/api/ai/chat')!;
    expect(chatCall.headers.get('accept')).toBe('text/event-stream');

    stream.write('event: delta\ndata: {"text":"Every day "}\n\nevent: del');
    const draft = await screen.findByText('Every day');
    expect(screen.queryByLabelText(typing)).not.toBeInTheDocument();
    // While it grows it is hidden from screen readers: the log announces the finished message only.
    expect(draft.closest('li')).toHaveAttribute('aria-hidden', 'true');
    stream.write('ta\ndata: {"text":"from 8:00"}\n\n');
    expect(await screen.findByText('Every day from 8:00')).toBeInTheDocument();

    stream.write('event: message\ndata: {"response":"Every day from 8:00","suggestions":["Find a cleaner"]}\n\nevent: done\ndata: {}\n\n');
    stream.end();
    const log = screen.getByRole('log');
    await waitFor(() => expect(within(log).getByText('Every day from 8:00').closest('li')).not.toHaveAttribute('aria-hidden'));
    expect(within(log).getAllByText('Every day from 8:00')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Find a cleaner' })).toBeEnabled();
  });

  it('drops a draft the server resets, and shows the error event in the user language', async () => {
    const stream = new FakeEventStream();
    mockApi({ 'POST /api/ai/chat': () => stream.response() });
    renderAt(<ChatPage />, '/chat');
    await userEvent.type(screen.getByRole('textbox'), 'hello{Enter}');
    stream.write('event: delta\ndata: {"text":"Let me check"}\n\n');
    await screen.findByText('Let me check');
    stream.write('event: reset\ndata: {}\n\n');
    await waitFor(() => expect(screen.queryByText('Let me check')).not.toBeInTheDocument());
    const failure = language === 'en' ? 'Assistant is unavailable. Please try again later.' : 'المساعد غير متاح. يرجى المحاولة لاحقاً.';
    stream.write(`event: error\ndata: ${JSON.stringify({ code: 'assistant_unavailable', message: failure })}\n\nevent: done\ndata: {}\n\n`);
    stream.end();
    expect(await screen.findByText(failure)).toBeInTheDocument();
    expect(screen.getByRole('textbox')).toBeEnabled();
  });
});
