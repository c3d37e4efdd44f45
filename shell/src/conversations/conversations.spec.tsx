import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConversationDto, ConversationMessageDto, ConversationSummaryDto } from '@khidma/contracts';
import { formatHijriDate, useSession } from '@khidma/web-kit';
import { fakeResponse, fetchCall } from '@khidma/web-kit/testing';
import ChatPage from '../pages/ChatPage';
import { mockApi, quietNotificationSync, renderAt, sentBody, sessionFor, setupI18n } from '../test-utils';
import InboxPage from './InboxPage';

const conversation: ConversationDto = {
  id: 'c1',
  providerId: 'p1',
  bookingId: 'b1',
  bookingNumber: 'KH-7Q4M-2XPA',
  bookingStatus: 'accepted',
  mySide: 'client',
  client: { name: 'Mona Ali' },
  provider: { name: 'Nasser Home Maintenance', nameAr: 'ناصر للصيانة المنزلية', avatarUrl: null },
  readOnly: false,
  lastMessageAt: '2026-11-25T09:00:00.000Z',
  createdAt: '2026-11-25T08:00:00.000Z',
};
const message = (over: Partial<ConversationMessageDto>): ConversationMessageDto => ({
  id: 'm1',
  conversationId: 'c1',
  senderSide: 'client',
  mine: true,
  text: 'Is 10:00 still fine?',
  imageUrl: null,
  state: 'read',
  hidden: false,
  reportedByMe: false,
  createdAt: '2026-11-25T09:00:00.000Z',
  ...over,
});
const thread = [message({}), message({ id: 'm2', senderSide: 'provider', mine: false, text: 'Yes, see you then', state: 'delivered' })];
const summary: ConversationSummaryDto = {
  ...conversation,
  lastMessage: { text: 'Yes, see you then', mine: false, hidden: false, hasImage: false, createdAt: '2026-11-25T09:05:00.000Z' },
  unreadCount: 2,
};

quietNotificationSync();

function signIn() {
  useSession.getState().signIn(sessionFor('client'));
}

describe('in English', () => {
  beforeAll(() => setupI18n('en'), 60_000);

  it('opens the booking conversation from /chat?provider&booking, marks it read and sends a message', async () => {
    const api = mockApi({
      'POST /api/conversations/open': fakeResponse(200, conversation),
      'GET /api/conversations/c1/messages': () => fakeResponse(200, { conversation, messages: thread, hasMore: false }),
      'POST /api/conversations/c1/read': fakeResponse(200, { unreadCount: 0 }),
      'GET /api/conversations/unread': fakeResponse(200, { unreadCount: 0 }),
      'POST /api/conversations/c1/messages': fakeResponse(201, message({ id: 'm3', text: 'Thanks!', state: 'sent' })),
    });
    signIn();
    renderAt(<ChatPage />, '/chat?provider=p1&booking=b1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Conversation with Nasser Home Maintenance' })).toBeInTheDocument();
    expect(sentBody(api, '/api/conversations/open')).toEqual({ providerId: 'p1', bookingId: 'b1', language: 'en' });
    const log = within(await screen.findByTestId('conversation-log'));
    await waitFor(() => expect(log.getAllByRole('listitem')).toHaveLength(2));
    expect(log.getAllByRole('listitem')[0]).toHaveTextContent('You: Is 10:00 still fine?');
    expect(log.getAllByRole('listitem')[0]).toHaveTextContent('Read');
    expect(log.getAllByRole('listitem')[1]).toHaveTextContent('Nasser Home Maintenance: Yes, see you then');
    await waitFor(() => expect(api.mock.calls.some(([url, init]) => String(url) === '/api/conversations/c1/read' && init?.method === 'POST')).toBe(true));

    await userEvent.type(screen.getByRole('textbox', { name: 'Your message' }), 'Thanks!');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(log.getAllByRole('listitem')).toHaveLength(3));
    const posted = api.mock.calls.map(([input, init]) => fetchCall(input, init)).find((call) => call.method === 'POST' && call.path === '/api/conversations/c1/messages');
    expect(posted?.body).toEqual({ text: 'Thanks!' });
    expect(log.getAllByRole('listitem')[2]).toHaveTextContent('You: Thanks!');
    expect(log.getAllByRole('listitem')[2]).toHaveTextContent('Sent');
    expect(screen.getByRole('textbox', { name: 'Your message' })).toHaveValue('');
  });

  it('says why a message was refused, in words, and keeps what was typed', async () => {
    mockApi({
      'POST /api/conversations/open': fakeResponse(200, conversation),
      'GET /api/conversations/c1/messages': () => fakeResponse(200, { conversation, messages: [], hasMore: false }),
      'GET /api/conversations/unread': fakeResponse(200, { unreadCount: 0 }),
      'POST /api/conversations/c1/messages': fakeResponse(409, { statusCode: 409, code: 'conversation_read_only', message: 'closed' }),
    });
    signIn();
    renderAt(<ChatPage />, '/chat?provider=p1&booking=b1');
    const send = await screen.findByRole('button', { name: 'Send' });
    await userEvent.click(send);
    expect(screen.getByRole('alert')).toHaveTextContent('Write a message or attach a photo.');
    await userEvent.type(screen.getByRole('textbox', { name: 'Your message' }), 'Hello?');
    await userEvent.click(send);
    expect(await screen.findByRole('alert')).toHaveTextContent('This conversation is closed: its booking has ended.');
    expect(screen.getByRole('textbox', { name: 'Your message' })).toHaveValue('Hello?');
  });

  it('opens an enquiry named by its conversation (the provider has one per client) without opening a new one', async () => {
    const enquiry = { ...conversation, bookingId: null, bookingNumber: null, bookingStatus: null, mySide: 'provider' as const };
    const api = mockApi({
      'GET /api/conversations/c1/messages': () => fakeResponse(200, { conversation: enquiry, messages: [], hasMore: false }),
      'GET /api/conversations/unread': fakeResponse(200, { unreadCount: 0 }),
    });
    useSession.getState().signIn(sessionFor('provider'));
    renderAt(<ChatPage />, '/chat?provider=p1&conversation=c1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Conversation with Mona Ali' })).toBeInTheDocument();
    expect(screen.getByText('Question before booking')).toBeInTheDocument();
    expect(api.mock.calls.some(([url]) => String(url) === '/api/conversations/open')).toBe(false);
  });

  it('keeps the assistant at /chat without parameters', async () => {
    mockApi({});
    renderAt(<ChatPage />, '/chat');
    expect(await screen.findByRole('heading', { level: 1, name: 'AI Assistant' })).toBeInTheDocument();
  });

  it('lists my conversations with the last message, time and unread count', async () => {
    mockApi({ 'GET /api/conversations': fakeResponse(200, { conversations: [summary], unreadCount: 2 }) });
    signIn();
    renderAt(<InboxPage />, '/messages');
    const row = within(await screen.findByTestId('inbox')).getByRole('listitem');
    expect(within(row).getByRole('link')).toHaveAttribute('href', '/chat?provider=p1&booking=b1');
    expect(row).toHaveTextContent('Nasser Home Maintenance');
    expect(row).toHaveTextContent('Booking KH-7Q4M-2XPA');
    expect(row).toHaveTextContent('Yes, see you then');
    expect(within(row).getByLabelText('Unread messages: 2')).toHaveTextContent('2');
    // Hijri dates are off by default in English.
    expect(row).not.toHaveTextContent(formatHijriDate(summary.lastMessage!.createdAt, 'en'));
  });
});

describe('in Arabic', () => {
  beforeAll(() => setupI18n('ar'), 60_000);

  it('shows the inbox and a conversation in Arabic, the provider by its Arabic name', async () => {
    mockApi({
      'GET /api/conversations': fakeResponse(200, { conversations: [summary], unreadCount: 2 }),
      'POST /api/conversations/open': fakeResponse(200, conversation),
      'GET /api/conversations/c1/messages': () => fakeResponse(200, { conversation, messages: thread, hasMore: false }),
      'POST /api/conversations/c1/read': fakeResponse(200, { unreadCount: 0 }),
      'GET /api/conversations/unread': fakeResponse(200, { unreadCount: 0 }),
    });
    signIn();
    const inbox = renderAt(<InboxPage />, '/messages');
    expect(await screen.findByRole('heading', { level: 1, name: 'الرسائل' })).toBeInTheDocument();
    const row = within(await screen.findByTestId('inbox')).getByRole('listitem');
    expect(row).toHaveTextContent('ناصر للصيانة المنزلية');
    expect(within(row).getByLabelText('رسائل غير مقروءة: 2')).toBeInTheDocument();
    // In Arabic the Hijri date follows (the preference's default there).
    expect(row).toHaveTextContent(formatHijriDate(summary.lastMessage!.createdAt, 'ar'));
    inbox.unmount();

    renderAt(<ChatPage />, '/chat?provider=p1&booking=b1');
    expect(await screen.findByRole('heading', { level: 1, name: 'محادثة مع ناصر للصيانة المنزلية' })).toBeInTheDocument();
    const log = within(await screen.findByTestId('conversation-log'));
    await waitFor(() => expect(log.getAllByRole('listitem')).toHaveLength(2));
    expect(log.getAllByRole('listitem')[0]).toHaveTextContent('قُرئت');
    expect(log.getAllByRole('listitem')[0]).toHaveTextContent(formatHijriDate(thread[0]!.createdAt, 'ar'));
    expect(screen.getByRole('textbox', { name: 'رسالتك' })).toHaveAttribute('dir', 'auto');
    expect(screen.getByRole('button', { name: 'إرسال' })).toBeInTheDocument();
  });
});
