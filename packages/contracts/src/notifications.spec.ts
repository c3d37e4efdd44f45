import { notificationLink } from './index.js';

describe('notificationLink (spec §2 notification dropdown)', () => {
  const booking = { bookingId: 'b-1', providerId: 'p 1' };
  it('leads each type where the header dropdown sends it', () => {
    expect(notificationLink({ type: 'booking', metadata: booking }, 'client')).toBe('/my-bookings/b-1');
    expect(notificationLink({ type: 'chat', metadata: booking }, 'client')).toBe('/chat?provider=p%201&booking=b-1');
    expect(notificationLink({ type: 'chat', metadata: { bookingId: 'b-1' } }, 'provider')).toBe('/chat?booking=b-1');
    expect(notificationLink({ type: 'chat', metadata: {} }, 'client')).toBe('/chat');
    // An enquiry has no booking: its conversation names it (the provider has one per client).
    expect(notificationLink({ type: 'chat', metadata: { providerId: 'p1', conversationId: 'c1' } }, 'provider')).toBe('/chat?provider=p1&conversation=c1');
    expect(notificationLink({ type: 'chat', metadata: { providerId: 'p1', bookingId: 'b1', conversationId: 'c1' } }, 'provider')).toBe('/chat?provider=p1&booking=b1');
    expect(notificationLink({ type: 'provider_application', metadata: {} }, 'provider')).toBe('/provider-dashboard');
    expect(notificationLink({ type: 'booking', metadata: booking }, 'admin')).toBe('/admin?tab=pending');
  });
});
