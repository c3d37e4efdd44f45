import type { BookingActor, BookingEventType, Language } from '@khidma/contracts';

/** One party of a booking as its notifications need it: who to write to, and in which language. */
export interface BookingParty {
  userId: string;
  name: string;
  email: string | null;
  language: Language;
}

/**
 * Payload of every booking event (`booking.created`, `.accepted`, …): a self-contained snapshot taken
 * in the transaction that made the change, so the notifications worker never reads the booking back.
 */
export interface BookingEventPayload {
  bookingId: string;
  bookingNumber: string;
  providerId: string;
  serviceTitle: string;
  serviceTitleAr: string;
  scheduledDate: string;
  scheduledTime: string;
  totalAmount: string;
  client: BookingParty;
  provider: BookingParty;
  actor: BookingActor;
  /** `booking.rescheduled`: the slot before the change. */
  previous?: { scheduledDate: string; scheduledTime: string };
  /** `booking.cancelled` / `booking.declined`. */
  reason?: string | null;
  /** Set when a cancellation refunded a paid booking. */
  refundedAmount?: string | null;
}

export type BookingEvent = { type: BookingEventType; payload: BookingEventPayload };
