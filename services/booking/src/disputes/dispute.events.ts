import type { DisputeOutcome } from '@khidma/contracts';
import type { BookingEventPayload } from '../bookings/booking.events.js';

/** Events of a dispute, written in the transaction of the change; the notifications worker tells both parties. */
export const DISPUTE_EVENTS = ['dispute.opened', 'dispute.replied', 'dispute.decided'] as const;
export type DisputeEventType = (typeof DISPUTE_EVENTS)[number];

/** The booking's snapshot (both parties, who acted) plus the dispute's outcome so far. */
export interface DisputeEventPayload extends BookingEventPayload {
  disputeId: string;
  outcome: DisputeOutcome | null;
  /** What the decision refunded ("0.00" for none); null before it. */
  refundedAmount?: string | null;
}
