import { randomUUID } from 'node:crypto';
import { type EmailJob, type Language, QUEUES } from '@khidma/contracts';
import type { OutboxService } from '@khidma/nest-kit';
import type { EntityManager } from 'typeorm';
import { Notification } from '../entities/notification.entity.js';
import { type BookingParty, partyNameIn } from '../../bookings/booking.events.js';
import type { BookingRecipient } from './booking-messages.js';
import { letter } from './letter.js';

type Party = Pick<BookingParty, 'email' | 'name' | 'nameAr' | 'language'>;

/**
 * One event's notices to the parties of a booking (a booking event, a dispute's): each notice's row
 * is inserted and, when `mailed(recipient)` and the party has an address, the same words go out as
 * an e-mail with `view` and the link to the booking's page in the app. Returns the rows written.
 */
export async function deliverPartyNotices(
  manager: EntityManager,
  outbox: OutboxService,
  event: {
    type: string;
    bookingId: string;
    bookingNumber: string;
    publicUrl: string;
    view: Record<Language, string>;
    parties: Record<BookingRecipient, Party>;
    notices: Array<Omit<Notification, 'id'> & { recipient: BookingRecipient }>;
    mailed?: (recipient: BookingRecipient) => boolean;
  },
): Promise<Notification[]> {
  const link = `${event.publicUrl}/my-bookings/${encodeURIComponent(event.bookingId)}`;
  const rows = event.notices.map(({ recipient, ...fields }) => ({ recipient, row: manager.create(Notification, { id: randomUUID(), ...fields }) }));
  for (const { recipient, row } of rows) {
    const party = event.parties[recipient];
    if (!party.email || !(event.mailed?.(recipient) ?? true)) continue;
    const mail: EmailJob = {
      to: party.email,
      subject: `${row.title} · ${event.bookingNumber}`,
      text: letter(party.language, partyNameIn(party, party.language), [row.message, `${event.view[party.language]} ${link}`]),
      language: party.language,
      template: `${event.type}.${recipient}`,
    };
    await outbox.enqueue(manager, QUEUES.email, mail.template, mail);
  }
  // Copies go to insert: on SQLite TypeORM writes reloaded columns back onto the given objects
  // and, for a multi-row insert, has been seen to give one row another's id.
  if (rows.length) await manager.insert(Notification, rows.map(({ row }) => ({ ...row })));
  return rows.map(({ row }) => row);
}
