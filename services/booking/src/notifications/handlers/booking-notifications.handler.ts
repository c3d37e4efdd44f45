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

const RECIPIENTS: readonly BookingRecipient[] = ['client', 'provider'];

const MAIL_FRAME: Record<Language, { greeting: (name: string) => string; link: string; signature: string }> = {
  en: { greeting: (name) => `Hello ${name},`, link: 'View the booking:', signature: '— The Khidma team' },
  ar: { greeting: (name) => `مرحبًا ${name}،`, link: 'تفاصيل الحجز:', signature: '— فريق خدمة' },
};

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
    const rule = BOOKING_EVENT_RULES[type];
    const booking = event.payload;
    const link = `${this.config.PUBLIC_URL}/my-bookings/${encodeURIComponent(booking.bookingId)}`;
    const createdAt = new Date();
    const rows: Notification[] = [];
    for (const recipient of RECIPIENTS.filter((side) => rule.notifyActor || booking.actor !== side)) {
      const party = booking[recipient];
      const { title, message } = rule.texts[recipient][party.language](bookingMessageFacts(booking, recipient, party.language));
      rows.push(
        manager.create(Notification, {
          id: randomUUID(),
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
        }),
      );
      if (party.email) {
        const frame = MAIL_FRAME[party.language];
        const mail: EmailJob = {
          to: party.email,
          subject: `${title} · ${booking.bookingNumber}`,
          text: [frame.greeting(party.name), '', message, '', `${frame.link} ${link}`, '', frame.signature].join('\n'),
          language: party.language,
          template: `${type}.${recipient}`,
        };
        await this.outbox.enqueue(manager, QUEUES.email, mail.template, mail);
      }
    }
    // Copies go to insert: on SQLite TypeORM writes reloaded columns back onto the given objects
    // and, for a multi-row insert, has been seen to give one row another's id.
    if (rows.length) await manager.insert(Notification, rows.map((row) => ({ ...row })));
    return rows;
  }
}
