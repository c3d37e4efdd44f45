import { BOOKING, claimedHours } from '@khidma/contracts';
import { addCalendarDays } from '@khidma/contracts';
import { DEMO_ACCOUNTS, DEMO_PROVIDERS, demoActivity, providerOf, WEEKDAYS } from './index.js';

const TODAY = '2026-11-21';

describe('demo activity', () => {
  const activity = demoActivity(TODAY);
  const providers = new Map(DEMO_PROVIDERS.map((p) => [p.id, p]));

  it('is the same for the same day and moves with the day', () => {
    expect(demoActivity(TODAY)).toEqual(activity);
    const later = demoActivity(addCalendarDays(TODAY, 7));
    expect(later.bookings.map((b) => b.id)).toEqual(activity.bookings.map((b) => b.id));
    expect(later.bookings[0]!.scheduledDate > activity.bookings[0]!.scheduledDate).toBe(true);
  });

  it("gives the demo client one weekly series of 4 with the demo provider, upcoming, same weekday and hour", () => {
    expect(activity.series).toEqual([expect.objectContaining({ frequency: 'weekly', clientId: DEMO_ACCOUNTS.client.id, providerId: providerOf(DEMO_ACCOUNTS.provider.id).id, size: 4 })]);
    const occurrences = activity.bookings.filter((b) => b.series?.id === activity.series[0]!.id);
    expect(occurrences.map((b) => b.series!.index)).toEqual([1, 2, 3, 4]);
    expect(occurrences.every((b) => b.client.id === DEMO_ACCOUNTS.client.id && b.status === 'pending' && b.scheduledDate > TODAY)).toBe(true);
    expect(occurrences.slice(1).map((b) => b.scheduledDate)).toEqual(occurrences.slice(0, 3).map((b) => addCalendarDays(b.scheduledDate, 7)));
    expect(new Set(occurrences.map((b) => b.scheduledTime)).size).toBe(1);
  });

  it('places every booking on a bookable hour of its provider, and never two on one hour', () => {
    const held = new Set<string>();
    for (const booking of activity.bookings) {
      const provider = providers.get(booking.providerId)!;
      const hours = provider.weeklyAvailability[WEEKDAYS[new Date(`${booking.scheduledDate}T00:00:00Z`).getUTCDay()]!];
      expect(hours).not.toBeNull();
      const start = Number(booking.scheduledTime.slice(0, 2));
      const length = claimedHours(booking.durationMinutes);
      expect(start).toBeGreaterThanOrEqual(Math.max(BOOKING.firstSlotHour, Number(hours![0].slice(0, 2))));
      expect(start).toBeLessThanOrEqual(BOOKING.lastSlotHour);
      expect(start + length).toBeLessThanOrEqual(Number(hours![1].slice(0, 2)));
      if (booking.status === 'cancelled') continue;
      for (let h = start; h < start + length; h++) {
        const key = `${booking.providerId}|${booking.scheduledDate}|${h}`;
        expect(held.has(key)).toBe(false);
        held.add(key);
      }
    }
  });

  it('tells each story in order and only up to today', () => {
    for (const booking of activity.bookings) {
      const times = booking.steps.map((step) => step.at);
      expect([...times].sort((a, b) => a - b)).toEqual(times);
      expect(booking.steps[0]!.event).toBe('booking.created');
      // Upcoming bookings' steps all happened before today began (the seed may run at any hour).
      if (booking.scheduledDate > TODAY) {
        const daysAhead = (Date.parse(booking.scheduledDate) - Date.parse(TODAY)) / 86_400_000;
        expect(Math.max(...times)).toBeLessThanOrEqual(-daysAhead * 24);
      } else {
        expect(booking.scheduledDate < TODAY).toBe(true);
      }
      expect(booking.steps.some((step) => step.event === 'booking.paid')).toBe(booking.paymentStatus !== 'pending');
    }
  });

  it("covers the demo client's states, the demo provider's year and every provider's last month", () => {
    const sara = activity.bookings.filter((b) => b.client.id === DEMO_ACCOUNTS.client.id);
    expect(new Set(sara.map((b) => `${b.status}/${b.paymentStatus}`))).toEqual(
      new Set(['completed/paid', 'accepted/paid', 'pending/pending', 'cancelled/refunded']),
    );
    const omar = activity.bookings.filter((b) => b.providerId === providerOf(DEMO_ACCOUNTS.provider.id).id);
    const months = new Set(omar.filter((b) => b.status === 'completed').map((b) => b.scheduledDate.slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(12);
    expect(omar.filter((b) => b.status === 'pending').length).toBeGreaterThanOrEqual(2);
    const recent = new Set(activity.bookings.filter((b) => b.scheduledDate >= addCalendarDays(TODAY, -30)).map((b) => b.providerId));
    expect(recent.size).toBe(DEMO_PROVIDERS.length);
  });

  it('writes conversations about its own bookings, in order, with something unread for both demo accounts', () => {
    const ids = new Set(activity.bookings.map((b) => b.id));
    const omar = providerOf(DEMO_ACCOUNTS.provider.id);
    for (const conversation of activity.conversations) {
      if (conversation.bookingId) expect(ids.has(conversation.bookingId)).toBe(true);
      const ages = conversation.messages.map((m) => m.hoursAgo);
      expect([...ages].sort((a, b) => b - a)).toEqual(ages);
      expect(Math.min(...ages)).toBeGreaterThan(0);
    }
    const unread = activity.conversations.flatMap((c) => c.messages.filter((m) => !m.read).map((m) => ({ ...m, c })));
    expect(unread.some((m) => m.from === 'provider' && m.c.client.id === DEMO_ACCOUNTS.client.id)).toBe(true);
    expect(unread.some((m) => m.from === 'client' && m.c.providerId === omar.id)).toBe(true);
  });
});
