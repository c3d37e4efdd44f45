import type { BookingActor, BookingEventType, Language } from '@khidma/contracts';
import type { Provider } from '../catalogue/entities/provider.entity.js';
import type { Booking } from './entities/booking.entity.js';

/** One party of a booking as its notifications need it: who to write to, and in which language. */
export interface BookingParty {
  userId: string;
  name: string;
  /** A provider's business name in Arabic, when it has one (events queued before it was added have none). */
  nameAr?: string | null;
  email: string | null;
  language: Language;
}

/** A party's name as a reader of `language` sees it: a provider's Arabic name in Arabic, else its name. */
export const partyNameIn = (party: Pick<BookingParty, 'name' | 'nameAr'>, language: Language) => (language === 'ar' && party.nameAr) || party.name;

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

/** The event's snapshot of a booking and its two parties as they are now. */
export function bookingEventPayload(
  booking: Booking,
  provider: Provider,
  actor: BookingActor,
  extra: Pick<BookingEventPayload, 'previous' | 'reason' | 'refundedAmount'> = {},
): BookingEventPayload {
  return {
    bookingId: booking.id,
    bookingNumber: booking.bookingNumber,
    providerId: provider.id,
    serviceTitle: booking.serviceTitle,
    serviceTitleAr: booking.serviceTitleAr,
    scheduledDate: booking.scheduledDate,
    scheduledTime: booking.scheduledTime,
    totalAmount: booking.totalAmount,
    client: { userId: booking.clientId, name: booking.clientName, email: booking.clientEmail, language: booking.clientLanguage },
    provider: { userId: provider.userId, name: provider.businessName, nameAr: provider.businessNameAr, email: provider.email, language: provider.language },
    actor,
    ...extra,
  };
}
