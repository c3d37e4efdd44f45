import { type AssistantWorld, MONDAY_9AM, PEOPLE, startAssistantWorld } from './support.js';

describe('the assistant that acts (embedded engine, real booking service)', () => {
  let world: AssistantWorld;
  beforeAll(async () => {
    world = await startAssistantWorld();
  });
  afterAll(async () => {
    await world?.close();
  });
  afterEach(() => world.setNow(MONDAY_9AM));

  const myBookings = async () => (await world.booking(`/bookings/client/${PEOPLE.client.id}`, 'client')).body.bookings as Array<Record<string, string>>;

  /** Books by chat in `language` up to the proposal; returns the proposal reply. */
  async function proposeBooking(sessionId: string, language: 'en' | 'ar', opening: string, time = '10:00') {
    const first = await world.chat(opening, sessionId, 'client', language);
    expect(first.status).toBe(200);
    expect(first.body.response).toMatch(/\n1\. /);
    const address = await world.chat('1', sessionId, 'client', language);
    expect(address.body.response).toBe(language === 'en' ? 'What is the address where the service should take place?' : 'ما هو العنوان الذي ستُقدَّم فيه الخدمة؟');
    const phone = await world.chat('12 Rainbow Street, Amman', sessionId, 'client', language);
    expect(phone.body.requiresConfirmation).toBeUndefined();
    const proposal = await world.chat('+962 79 123 4567', sessionId, 'client', language);
    expect(proposal.body).toMatchObject({ requiresConfirmation: true, action: 'create_booking' });
    expect(proposal.body.parameters).toMatchObject({ scheduledDate: '2030-01-08', scheduledTime: time, clientAddress: '12 Rainbow Street, Amman' });
    return proposal.body;
  }

  it('books in English over several turns, only after "yes", exactly as the booking page would', async () => {
    const before = (await myBookings()).length;
    const proposal = await proposeBooking('s-book-en-1', 'en', 'I need someone to deep clean my apartment tomorrow at 10');
    expect(proposal.response).toContain('Please confirm: book');
    expect(proposal.response).toContain('10:00');
    expect(proposal.response).toMatch(/\$\d+\.\d{2}/);
    expect(proposal.response).toContain('2 hours before');
    expect(await myBookings()).toHaveLength(before);

    const done = await world.chat('yes', 's-book-en-1', 'client');
    expect(done.body.outcome).toBe('done');
    expect(done.body.response).toMatch(/^Booked: KH-/);
    const bookings = await myBookings();
    expect(bookings).toHaveLength(before + 1);
    const created = bookings.find((b) => b.id === done.body.bookingId)!;
    expect(created).toMatchObject({ scheduledDate: '2030-01-08', scheduledTime: '10:00', status: 'pending', clientAddress: '12 Rainbow Street, Amman' });
    expect(done.body.links.map((l: { href: string }) => l.href)).toEqual([
      expect.stringMatching(new RegExp(`^/payment\\?booking_id=${created.id}&amount=`)),
      `/my-bookings/${created.id}`,
    ]);
  });
});
