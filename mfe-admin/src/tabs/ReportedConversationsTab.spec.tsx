import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConversationMessageDto, ReportedConversationDto } from '@khidma/contracts';
import { formatDate, i18n, initI18n } from '@khidma/web-kit';
import { fakeResponse } from '@khidma/web-kit/testing';
import { NS } from '../namespace';
import { admin, callsTo, mockApi, pending } from '../testing/fixtures';
import { LANGUAGES, renderAdmin, signIn, tr } from '../testing/render';

const reported: ReportedConversationDto = {
  id: 'c1',
  providerId: 'p1',
  bookingId: 'b1',
  bookingNumber: 'KH-7Q4M-2XPA',
  bookingStatus: 'accepted',
  mySide: null,
  client: { name: 'Mona Ali' },
  provider: { name: 'Nasser Home Maintenance', nameAr: 'ناصر للصيانة المنزلية', avatarUrl: null },
  readOnly: true,
  lastMessageAt: '2026-11-25T09:00:00.000Z',
  createdAt: '2026-11-25T08:00:00.000Z',
  openReports: 1,
  lastReportedAt: '2026-11-25T09:10:00.000Z',
};
const flagged: ConversationMessageDto = {
  id: 'm2',
  conversationId: 'c1',
  senderSide: 'provider',
  mine: false,
  text: 'Pay me in cash, outside the app',
  imageUrl: null,
  state: 'read',
  hidden: false,
  reportedByMe: false,
  reportCount: 1,
  createdAt: '2026-11-25T09:05:00.000Z',
};
const plain: ConversationMessageDto = { ...flagged, id: 'm1', senderSide: 'client', text: 'Hello', reportCount: 0 };

beforeAll(() => initI18n(NS), 30_000);
beforeEach(() => signIn(admin));
afterEach(() => signIn(null));

describe.each(LANGUAGES)('Reported chats tab in %s', (language) => {
  beforeAll(() => i18n.changeLanguage(language));

  it('lists reported conversations, reads one and hides its reported message', async () => {
    const fetch = mockApi((url) => {
      switch (url.pathname) {
        case '/api/admin/pending-approvals':
          return fakeResponse(200, pending({ providers: [], services: [] }));
        case '/api/admin/conversations/reported':
          return fakeResponse(200, { conversations: [reported] });
        case '/api/conversations/c1/messages':
          return fakeResponse(200, { conversation: reported, messages: [plain, flagged], hasMore: false });
        case '/api/admin/conversations/messages/m2/hide':
          return fakeResponse(200, { ...flagged, hidden: true });
        default:
          return undefined;
      }
    });
    renderAdmin('/admin?tab=reported');
    const list = await screen.findByRole('list', { name: tr('tabs.reported') });
    expect(within(list).getByText(/Mona Ali/)).toBeInTheDocument();
    expect(list).toHaveTextContent(language === 'ar' ? 'ناصر للصيانة المنزلية' : 'Nasser Home Maintenance');
    expect(list).toHaveTextContent(tr('reported.openReports', { count: 1 }));
    // The Hijri date follows in Arabic, where the preference is on by default.
    const hijri = language === 'ar';
    expect(list).toHaveTextContent(formatDate(reported.lastReportedAt, language, { dateStyle: 'medium', timeStyle: 'short', hijri }));

    await userEvent.click(within(list).getByRole('button', { name: tr('reported.read') }));
    const thread = await screen.findByRole('list', { name: new RegExp(tr('reported.messages', { parties: '' }).trim()) });
    await waitFor(() => expect(within(thread).getAllByRole('listitem')).toHaveLength(2));
    expect(within(thread).getAllByRole('listitem')[0]).toHaveTextContent(formatDate(plain.createdAt, language, { dateStyle: 'short', timeStyle: 'short', hijri }));
    // Only the reported message can be hidden.
    expect(within(thread).getAllByRole('button', { name: tr('reported.hide') })).toHaveLength(1);
    await userEvent.click(within(thread).getByRole('button', { name: tr('reported.hide') }));
    expect(await within(thread).findByRole('button', { name: tr('reported.show') })).toBeInTheDocument();
    expect(callsTo(fetch, '/api/admin/conversations/messages/m2/hide')).toEqual([expect.objectContaining({ method: 'POST', body: { hidden: true } })]);
  });
});
