import type { ConversationDto, ConversationMessageDto } from '@khidma/contracts';
import { OutboxMessage, ProcessedMessage } from '@khidma/nest-kit';
import { eventually, type SmtpPeer, startSmtpPeer } from '@khidma/nest-kit/testing';
import { providerOf } from '@khidma/demo-data';
import { ChatDigestConsumer, CHAT_DIGEST_CONSUMER } from '../src/conversations/chat-notifications.js';
import { ConversationMessage } from '../src/conversations/entities/conversation-message.entity.js';
import { Conversation } from '../src/conversations/entities/conversation.entity.js';
import { Provider } from '../src/catalogue/entities/provider.entity.js';
import { Notification } from '../src/notifications/entities/notification.entity.js';
import { bookingRequest, type BookingWorld, PEOPLE, type Person, startBookingWorld, TUESDAY, WEDNESDAY } from './bookings-support.js';
import { openEventStream } from './notifications-support.js';
import { waitFor } from './support.js';
import { dataUrl, PDF, PNG } from './provider-applications-fixtures.js';

const EVERYONE: (Person | undefined)[] = [undefined, 'client', 'otherClient', 'provider', 'otherProvider', 'admin'];
const STRANGERS = ['otherClient', 'otherProvider', 'admin'] as const;
/** Long enough to send a burst of three messages and read one conversation before its digest is due. */
const DIGEST_DELAY_MS = 3_000;
const PROVIDER_EMAIL = 'fixit@example.test';

describe('conversations', () => {
  let world: BookingWorld;
  let smtp: SmtpPeer;
  let providerId: string;
  let bookingId: string;
  let thread: ConversationDto;
  let clientMessage: ConversationMessageDto;
  let photoMessage: ConversationMessageDto;

  const messages = () => world.dataSource.getRepository(ConversationMessage);
  const mailsTo = (address: string) => smtp.mails.filter((mail) => mail.envelopeTo.includes(address));
  const digestRan = (firstMessageId: string) =>
    eventually(() => world.dataSource.getRepository(ProcessedMessage).existsBy({ consumer: CHAT_DIGEST_CONSUMER, messageId: firstMessageId }), 15_000);
  const send = (as: Person | undefined, id: string, json: unknown) => world.post(`/conversations/${id}/messages`, as, json);
  const image = (as: Person | undefined, path: string) =>
    fetch(`${world.url}${path}`, { headers: as ? { authorization: `Bearer ${world.tokens[as]}` } : {} });

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    world = await startBookingWorld({ settings: { SMTP_URL: smtp.url, CHAT_DIGEST_DELAY_MS: DIGEST_DELAY_MS }, withWorker: true });
    providerId = providerOf(PEOPLE.provider.id).id;
    await world.dataSource.getRepository(Provider).update({ id: providerId }, { email: PROVIDER_EMAIL, language: 'en' });
    const created = await world.post('/bookings/create', 'client', bookingRequest(await world.serviceId('handyman-hour'), TUESDAY, '10:00'));
    expect(created.status).toBe(201);
    bookingId = created.body.id;
  });
  afterAll(async () => {
    await world?.close();
    await smtp?.close();
  });

  it('opens the booking thread for its client and its provider only', async () => {
    for (const as of EVERYONE) {
      const opened = await world.post('/conversations/open', as, { providerId, bookingId });
      if (as === 'client' || as === 'provider') {
        expect(opened.status).toBe(200);
        thread ??= opened.body;
        expect(opened.body.id).toBe(thread.id);
        expect(opened.body).toMatchObject({ providerId, bookingId, mySide: as, readOnly: false, bookingStatus: 'pending' });
      } else {
        expect(opened.status).toBe(as ? 404 : 401);
      }
    }
    expect(await world.dataSource.getRepository(Conversation).countBy({ bookingId })).toBe(1);
  });

  it('keeps one enquiry per client and provider, which the client’s next booking takes over', async () => {
    const enquiry = await world.post('/conversations/open', 'client', { providerId, language: 'ar' });
    expect(enquiry.status).toBe(200);
    expect(enquiry.body).toMatchObject({ bookingId: null, mySide: 'client' });
    expect((await world.post('/conversations/open', 'client', { providerId })).body.id).toBe(enquiry.body.id);
    const others = await world.post('/conversations/open', 'otherClient', { providerId });
    expect(others.status).toBe(200);
    expect(others.body.id).not.toBe(enquiry.body.id);
    const self = await world.post('/conversations/open', 'provider', { providerId });
    expect([self.status, self.body.code]).toEqual([400, 'cannot_message_yourself']);
    expect((await world.post('/conversations/open', 'admin', { providerId })).status).toBe(403);
    expect((await world.post('/conversations/open', undefined, { providerId })).status).toBe(401);
    const bad = await world.post('/conversations/open', 'client', { providerId: 'nope' });
    expect([bad.status, bad.body.code, bad.body.fields]).toEqual([400, 'validation_failed', { providerId: expect.any(String) }]);

    expect((await send('client', enquiry.body.id, { text: 'Do you fix dripping taps?' })).status).toBe(201);
    const second = await world.post('/bookings/create', 'client', bookingRequest(await world.serviceId('handyman-hour'), WEDNESDAY, '10:00'));
    const attached = await world.post('/conversations/open', 'provider', { providerId, bookingId: second.body.id });
    expect(attached.status).toBe(200);
    expect(attached.body).toMatchObject({ id: enquiry.body.id, bookingId: second.body.id, mySide: 'provider' });
    const history = await world.get(`/conversations/${enquiry.body.id}/messages`, 'provider');
    expect(history.body.messages.map((m: ConversationMessageDto) => m.text)).toEqual(['Do you fix dripping taps?']);
    expect((await world.post(`/conversations/${enquiry.body.id}/read`, 'provider')).body).toEqual({ unreadCount: 0 });
    // The client asked in Arabic: what tells them of the answer names the provider in Arabic.
    expect((await send('provider', enquiry.body.id, { text: 'نعم، بالتأكيد' })).status).toBe(201);
    const told = await waitFor(() =>
      world.dataSource.getRepository(Notification).findOneBy({ userId: PEOPLE.client.id, type: 'chat', message: 'نعم، بالتأكيد' }),
    );
    const { businessName, businessNameAr } = await world.dataSource.getRepository(Provider).findOneByOrFail({ id: providerId });
    expect(told.title).toBe(`رسالة جديدة من ${businessNameAr}`);
    // Read in English, the same notice names the provider by its English name; the message is quoted as written.
    expect(told.translations).toEqual({
      ar: { title: told.title, message: 'نعم، بالتأكيد' },
      en: { title: `New message from ${businessName}`, message: 'نعم، بالتأكيد' },
    });
    await world.post(`/conversations/${enquiry.body.id}/read`, 'client');
    // The enquiry became the booking's thread: a new enquiry from the provider card is a new thread.
    expect((await world.post('/conversations/open', 'client', { providerId })).body.id).not.toBe(enquiry.body.id);
  });

  it('lets only the two parties write; bad input is a 400 that writes nothing', async () => {
    const before = await messages().count();
    for (const as of [undefined, ...STRANGERS]) {
      expect((await send(as, thread.id, { text: 'Hello' })).status).toBe(as ? 404 : 401);
    }
    const empty = await send('client', thread.id, { text: '   ' });
    expect([empty.status, empty.body.code]).toEqual([400, 'message_empty']);
    const long = await send('client', thread.id, { text: 'x'.repeat(2001) });
    expect([long.status, long.body.code, long.body.fields]).toEqual([400, 'validation_failed', { text: expect.any(String) }]);
    const pdf = await send('client', thread.id, { text: 'See attached', image: dataUrl(PDF, 'image/png') });
    expect([pdf.status, pdf.body.code]).toEqual([400, 'invalid_image']);
    expect((await send('client', '00000000-0000-4000-8000-000000000000', { text: 'Hi' })).status).toBe(404);
    expect((await send('client', 'not-a-uuid', { text: 'Hi' })).status).toBe(404);
    expect(await messages().count()).toBe(before);

    const written = 'Call me on +962 79 123 4567 or mail me@example.com';
    const sent = await send('client', thread.id, { text: `  ${written}  ` });
    expect(sent.status).toBe(201);
    clientMessage = sent.body;
    // Left as written (only the surrounding blanks go): nothing is silently rewritten.
    expect(clientMessage).toMatchObject({ text: written, mine: true, senderSide: 'client', state: 'sent', imageUrl: null, hidden: false });
    const photo = await send('provider', thread.id, { image: dataUrl(PNG, 'image/jpeg') });
    expect(photo.status).toBe(201);
    photoMessage = photo.body;
    expect(photoMessage).toMatchObject({ text: null, senderSide: 'provider', imageUrl: `/api/conversations/${thread.id}/messages/${photoMessage.id}/image` });
  });

  it('shows the messages, their photos and read state to the parties only', async () => {
    for (const as of EVERYONE) {
      const page = await world.get(`/conversations/${thread.id}/messages`, as);
      const photo = await image(as, photoMessage.imageUrl!);
      if (as === 'client' || as === 'provider') {
        expect(page.status).toBe(200);
        expect(photo.status).toBe(200);
        expect(photo.headers.get('content-type')).toBe('image/png');
        expect(Buffer.from(await photo.arrayBuffer())).toEqual(PNG);
      } else {
        expect(page.status).toBe(as ? 404 : 401);
        expect(photo.status).toBe(as ? 404 : 401);
      }
    }
    // Both fetched: each message reached its recipient.
    const asClient = await world.get(`/conversations/${thread.id}/messages`, 'client');
    expect(asClient.body.messages.map((m: ConversationMessageDto) => [m.id, m.mine, m.state])).toEqual([
      [clientMessage.id, true, 'delivered'],
      [photoMessage.id, false, 'delivered'],
    ]);

    for (const as of [undefined, ...STRANGERS]) {
      expect((await world.post(`/conversations/${thread.id}/read`, as)).status).toBe(as ? 404 : 401);
    }
    expect((await world.get('/conversations/unread', 'provider')).body).toEqual({ unreadCount: 1 });
    expect((await world.post(`/conversations/${thread.id}/read`, 'provider')).body).toEqual({ unreadCount: 0 });
    const after = await world.get(`/conversations/${thread.id}/messages`, 'client');
    expect(after.body.messages[0]).toMatchObject({ id: clientMessage.id, state: 'read' });
  });

  it("lists each user's own conversations with the last message and unread count", async () => {
    expect((await world.get('/conversations', undefined)).status).toBe(401);
    expect((await world.get('/conversations/unread', undefined)).status).toBe(401);
    const client = await world.get('/conversations', 'client');
    expect(client.status).toBe(200);
    const mine = client.body.conversations.find((c: { id: string }) => c.id === thread.id);
    expect(mine).toMatchObject({ mySide: 'client', unreadCount: 1, lastMessage: { mine: false, hasImage: true, text: null } });
    expect(client.body.unreadCount).toBe(1);
    const provider = await world.get('/conversations', 'provider');
    expect(provider.body.conversations.map((c: { id: string }) => c.id)).toContain(thread.id);
    for (const as of STRANGERS) {
      const theirs = await world.get('/conversations', as);
      expect(theirs.status).toBe(200);
      expect(theirs.body.conversations.map((c: { id: string }) => c.id)).not.toContain(thread.id);
    }
  });

  it('pushes a new message to the recipient’s open stream and notifies them (type chat)', async () => {
    const stream = await openEventStream(`${world.url}/api/notifications/stream`, world.tokens.provider);
    try {
      await eventually(() => stream.named('unread').length > 0);
      const sent = await send('client', thread.id, { text: 'Are you still coming at 10?' });
      await eventually(() => stream.named<{ conversationId: string }>('conversation').some((e) => e.conversationId === thread.id));
      const notified = await waitFor(() =>
        stream.named<{ type: string; metadata: Record<string, string> }>('notification').find((n) => n.type === 'chat'),
      );
      expect(notified.metadata).toEqual({ bookingId, providerId, conversationId: thread.id });
      expect(sent.status).toBe(201);
      const row = await world.dataSource.getRepository(Notification).findOneByOrFail({ userId: PEOPLE.provider.id, type: 'chat', message: 'Are you still coming at 10?' });
      const { clientName } = await world.dataSource.getRepository(Conversation).findOneByOrFail({ id: thread.id });
      expect(row.title).toBe(`New message from ${clientName}`);
    } finally {
      await stream.close();
    }
    await world.post(`/conversations/${thread.id}/read`, 'provider');
  });

  it('e-mails one digest per unread burst, and none when the burst was read in time', async () => {
    const digestsQuoting = async (text: string) =>
      (await world.dataSource.getRepository(OutboxMessage).findBy({ name: 'chat.digest.provider' })).filter((row) =>
        (row.payload as { text: string }).text.includes(`> ${text}`),
      );
    const burst: ConversationMessageDto[] = [];
    for (const text of ['First', 'Second', 'Third']) burst.push((await send('client', thread.id, { text })).body);
    await digestRan(burst[0]!.id);
    const digest = (await eventually(() => mailsTo(PROVIDER_EMAIL).find((mail) => mail.text.includes('> First')), 15_000))!;
    expect(digest.subject).toMatch(/^3 unread messages from /);
    expect(digest.text).toContain('> First\n> Second\n> Third');
    expect(digest.text).toContain(`/chat?provider=${providerId}&booking=${bookingId}`);
    // Only the first message of the burst scheduled a digest; redelivering its job sends nothing more.
    for (const later of burst.slice(1)) {
      expect(await world.dataSource.getRepository(ProcessedMessage).existsBy({ consumer: CHAT_DIGEST_CONSUMER, messageId: later.id })).toBe(false);
    }
    const consumer = (world.worker ?? world.app).get(ChatDigestConsumer);
    expect(await consumer.handle({ conversationId: thread.id, recipientId: PEOPLE.provider.id, firstMessageId: burst[0]!.id })).toBe(false);
    expect(await digestsQuoting('First')).toHaveLength(1);
    expect(mailsTo(PROVIDER_EMAIL).filter((mail) => mail.text.includes('> First'))).toHaveLength(1);

    // Read within the delay: the next burst's digest job runs and sends nothing.
    await world.post(`/conversations/${thread.id}/read`, 'provider');
    const quick: ConversationMessageDto = (await send('client', thread.id, { text: 'Thanks!' })).body;
    await world.post(`/conversations/${thread.id}/read`, 'provider');
    await digestRan(quick.id);
    expect(await digestsQuoting('Thanks!')).toHaveLength(0);
  });

  it('lets a party report a message; then an admin may read (not write) the conversation and hide it', async () => {
    const reportPath = `/conversations/${thread.id}/messages/${photoMessage.id}/report`;
    for (const as of [undefined, ...STRANGERS]) {
      expect((await world.post(reportPath, as, { reason: 'Rude' })).status).toBe(as ? 404 : 401);
    }
    const own = await world.post(reportPath, 'provider', { reason: 'Mine' });
    expect([own.status, own.body.fields]).toEqual([400, { messageId: 'ownMessage' }]);
    const blank = await world.post(reportPath, 'client', { reason: ' ' });
    expect([blank.status, blank.body.fields]).toEqual([400, { reason: expect.any(String) }]);
    for (const as of ['client', 'otherClient', 'provider', 'otherProvider', 'admin', undefined] as const) {
      expect((await world.get('/admin/conversations/reported', as)).status).toBe(as === 'admin' ? 200 : as ? 403 : 401);
    }
    expect((await world.get('/admin/conversations/reported', 'admin')).body.conversations.map((c: { id: string }) => c.id)).not.toContain(thread.id);

    expect((await world.post(reportPath, 'client', { reason: 'Not a photo of the job' })).body).toEqual({ reported: true });
    expect((await world.post(reportPath, 'client', { reason: 'Again' })).status).toBe(200);
    const reported = await world.get('/admin/conversations/reported', 'admin');
    expect(reported.body.conversations).toEqual([expect.objectContaining({ id: thread.id, openReports: 1, readOnly: true, mySide: null })]);

    const asAdmin = await world.get(`/conversations/${thread.id}/messages`, 'admin');
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.conversation).toMatchObject({ readOnly: true, mySide: null });
    expect(asAdmin.body.messages.find((m: ConversationMessageDto) => m.id === photoMessage.id)).toMatchObject({ reportCount: 1 });
    expect((await image('admin', photoMessage.imageUrl!)).status).toBe(200);
    expect((await send('admin', thread.id, { text: 'Admin here' })).status).toBe(403);
    expect((await world.post(reportPath, 'admin', { reason: 'x' })).status).toBe(403);
    // Still nobody else's business.
    for (const as of ['otherClient', 'otherProvider'] as const) expect((await world.get(`/conversations/${thread.id}/messages`, as)).status).toBe(404);

    const hidePath = `/admin/conversations/messages/${photoMessage.id}/hide`;
    for (const as of ['client', 'otherClient', 'provider', 'otherProvider', undefined] as const) {
      expect((await world.post(hidePath, as, { hidden: true })).status).toBe(as ? 403 : 401);
    }
    expect((await world.post(`/admin/conversations/messages/${clientMessage.id}/hide`, 'admin', { hidden: true })).status).toBe(404);
    expect((await world.post(hidePath, 'admin', { hidden: 'yes' })).status).toBe(400);
    const hidden = await world.post(hidePath, 'admin', { hidden: true });
    expect(hidden.body).toMatchObject({ id: photoMessage.id, hidden: true });
    const asClient = await world.get(`/conversations/${thread.id}/messages`, 'client');
    expect(asClient.body.messages.find((m: ConversationMessageDto) => m.id === photoMessage.id)).toMatchObject({ hidden: true, imageUrl: null, text: null, reportedByMe: true });
    expect((await image('client', photoMessage.imageUrl!)).status).toBe(404);
    expect((await world.get('/admin/conversations/reported', 'admin')).body.conversations[0].openReports).toBe(0);
  });

  it('turns read-only after the grace period of a cancelled booking', async () => {
    expect((await world.post(`/bookings/${bookingId}/cancel`, 'client', { cancellationReason: 'Fixed it myself' })).status).toBe(200);
    // Open for a word until the grace period after the appointment's end has passed.
    expect((await send('provider', thread.id, { text: 'Sorry to hear' })).status).toBe(201);
    const booking = (await world.get(`/bookings/${bookingId}`, 'client')).body;
    const end = new Date(`${booking.scheduledDate}T${booking.scheduledTime}:00+03:00`).getTime() + booking.duration * 60_000;
    world.setNow(new Date(end + world.config.CHAT_READ_ONLY_AFTER_HOURS * 3_600_000 - 60_000));
    expect((await send('provider', thread.id, { text: 'Last word' })).status).toBe(201);
    world.setNow(new Date(end + world.config.CHAT_READ_ONLY_AFTER_HOURS * 3_600_000 + 60_000));
    const closed = await send('client', thread.id, { text: 'One more thing' });
    expect([closed.status, closed.body.code]).toEqual([409, 'conversation_read_only']);
    expect((await world.get(`/conversations/${thread.id}/messages`, 'client')).body.conversation.readOnly).toBe(true);
  });
});
