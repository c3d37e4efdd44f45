import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { BOOKING_EVENT_TYPES, type BookingEventType, type DomainEvent, type EmailJob, type Language, QUEUES } from '@khidma/contracts';
import { OutboxService, SERVICE_CONFIG } from '@khidma/nest-kit';
import type { EntityManager } from 'typeorm';
import type { BookingEventPayload } from '../../bookings/booking.events.js';
import type { BookingConfig } from '../../config.js';
import type { DomainEventHandler } from '../domain-event-handler.js';
import { Notification } from '../entities/notification.entity.js';
import { BOOKING_EVENT_RULES, bookingMessageFacts, type BookingRecipient } from './booking-messages.js';
import { letter } from './letter.js';

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
    const link = `${this.config.PUBLIC_URL}/my-bookings/${encodeURIComponent(booking.bookingId)}`;
    const rows = bookingNotifications(type, booking, new Date()).map(({ recipient, ...fields }) => {
      const row = manager.create(Notification, { id: randomUUID(), ...fields });
      return { recipient, row };
    });
    for (const { recipient, row } of rows) {
      const party = booking[recipient];
      if (party.email) {
        const mail: EmailJob = {
          to: party.email,
          subject: `${row.title} · ${booking.bookingNumber}`,
          text: letter(party.language, party.name, [row.message, `${VIEW_BOOKING[party.language]} ${link}`]),
          language: party.language,
          template: `${type}.${recipient}`,
        };
        await this.outbox.enqueue(manager, QUEUES.email, mail.template, mail);
      }
    }
    // Copies go to insert: on SQLite TypeORM writes reloaded columns back onto the given objects
    // and, for a multi-row insert, has been seen to give one row another's id.
    if (rows.length) await manager.insert(Notification, rows.map(({ row }) => ({ ...row })));
    return rows.map(({ row }) => row);
  }
}

/**
 * What each party the event concerns reads in the app, in their language (the demo seed writes its
 * history with the same words).
 */
export function bookingNotifications(
  type: BookingEventType,
  booking: BookingEventPayload,
  createdAt: Date,
): Array<Omit<Notification, 'id'> & { recipient: BookingRecipient }> {
  const rule = BOOKING_EVENT_RULES[type];
  return RECIPIENTS.filter((side) => rule.notifyActor || booking.actor !== side).map((recipient) => {
    const party = booking[recipient];
    const { title, message } = rule.texts[recipient][party.language](bookingMessageFacts(booking, recipient, party.language));
    return {
      recipient,
      userId: party.userId,
      type: 'booking',
      title,
      message,
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
