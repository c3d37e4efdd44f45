import { Inject, Injectable } from '@nestjs/common';
import { BOOKING_EVENT_TYPES, type BookingEventType, type DomainEvent, type Language } from '@khidma/contracts';
import { OutboxService, SERVICE_CONFIG } from '@khidma/nest-kit';
import type { EntityManager } from 'typeorm';
import type { BookingEventPayload } from '../../bookings/booking.events.js';
import type { BookingConfig } from '../../config.js';
import type { DomainEventHandler } from '../domain-event-handler.js';
import { Notification } from '../entities/notification.entity.js';
import { BOOKING_EVENT_RULES, bookingMessageFacts, type BookingRecipient } from './booking-messages.js';
import { noticeWords } from './notice-words.js';
import { deliverPartyNotices } from './party-notices.js';

const RECIPIENTS: readonly BookingRecipient[] = ['client', 'provider'];

const VIEW_BOOKING: Record<Language, string> = { en: 'View the booking:', ar: 'تفاصيل الحجز:' };

/**
 * Every booking event, one code path: for each party the event concerns, an in-app notification and
 * an e-mail (when the party has an address), both in that party's language, from the same words.
 */
@Injectable()
export class BookingNotificationsHandler implements DomainEventHandler<BookingEventPayload> {
  readonly types = BOOKING_EVENT_TYPES;

  constructor(
    private readonly outbox: OutboxService,
    @Inject(SERVICE_CONFIG) private readonly config: BookingConfig,
  ) {}

  async handle(event: DomainEvent<BookingEventPayload>, manager: EntityManager): Promise<Notification[]> {
    const type = event.type as BookingEventType;
    const booking = event.payload;
    return deliverPartyNotices(manager, this.outbox, {
      type,
      bookingId: booking.bookingId,
      bookingNumber: booking.bookingNumber,
      publicUrl: this.config.PUBLIC_URL,
      view: VIEW_BOOKING,
      parties: booking,
      notices: bookingNotifications(type, booking, new Date()),
    });
  }
}

/**
 * What each party the event concerns reads in the app, in their language and in every other (the demo
 * seed writes its history with the same words).
 */
export function bookingNotifications(
  type: BookingEventType,
  booking: BookingEventPayload,
  createdAt: Date,
): Array<Omit<Notification, 'id'> & { recipient: BookingRecipient }> {
  const rule = BOOKING_EVENT_RULES[type];
  return RECIPIENTS.filter((side) => rule.notifyActor || booking.actor !== side).map((recipient) => {
    const party = booking[recipient];
    return {
      recipient,
      userId: party.userId,
      type: 'booking',
      ...noticeWords(party.language, (language) => rule.texts[recipient][language](bookingMessageFacts(booking, recipient, language))),
      metadata: {
        bookingId: booking.bookingId,
        bookingNumber: booking.bookingNumber,
        providerId: booking.providerId,
        event: type,
        ...(booking.actor === recipient && { byYou: true }),
      },
      isRead: false,
      createdAt,
    };
  });
}
