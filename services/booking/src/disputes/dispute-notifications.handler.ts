import { Inject, Injectable } from '@nestjs/common';
import { formatMoney, type DomainEvent, type Language, type NotificationText } from '@khidma/contracts';
import { OutboxService, SERVICE_CONFIG } from '@khidma/nest-kit';
import type { EntityManager } from 'typeorm';
import { partyNameIn } from '../bookings/booking.events.js';
import type { BookingConfig } from '../config.js';
import type { DomainEventHandler } from '../notifications/domain-event-handler.js';
import { Notification } from '../notifications/entities/notification.entity.js';
import { type BookingRecipient } from '../notifications/handlers/booking-messages.js';
import { noticeWords } from '../notifications/handlers/notice-words.js';
import { deliverPartyNotices } from '../notifications/handlers/party-notices.js';
import { DISPUTE_EVENTS, type DisputeEventPayload, type DisputeEventType } from './dispute.events.js';

interface Facts {
  number: string;
  service: string;
  client: string;
  provider: string;
  refunded: string;
  /** The other party ("the client", "the provider") as the recipient reads it. */
  other: string;
}
type Words = Record<BookingRecipient, Record<Language, (f: Facts) => NotificationText>>;

/** What each party reads, in English and Arabic. `decided` differs by outcome. */
const WORDS: Record<Exclude<DisputeEventType, 'dispute.decided'>, Words> & { 'dispute.decided': Record<'refund' | 'none', Words> } = {
  'dispute.opened': {
    client: {
      en: (f) => ({ title: 'Problem reported', message: `We received your report about booking ${f.number} (${f.service}). ${f.provider} can answer, then Khidma support decides.` }),
      ar: (f) => ({ title: 'تم الإبلاغ عن المشكلة', message: `استلمنا بلاغك عن الحجز ${f.number} (${f.service}). يمكن لـ${f.provider} الرد، ثم يقرّر فريق خدمة.` }),
    },
    provider: {
      en: (f) => ({ title: 'A client reported a problem', message: `${f.client} reported a problem with booking ${f.number} (${f.service}). Please answer in the dispute.` }),
      ar: (f) => ({ title: 'أبلغ عميل عن مشكلة', message: `أبلغ ${f.client} عن مشكلة في الحجز ${f.number} (${f.service}). يُرجى الرد في النزاع.` }),
    },
  },
  'dispute.replied': {
    client: {
      en: (f) => ({ title: 'New message in your dispute', message: `There is a new message from ${f.other} in the dispute about booking ${f.number} (${f.service}).` }),
      ar: (f) => ({ title: 'رسالة جديدة في النزاع', message: `وصلت رسالة جديدة من ${f.other} في النزاع حول الحجز ${f.number} (${f.service}).` }),
    },
    provider: {
      en: (f) => ({ title: 'New message in a dispute', message: `There is a new message from ${f.other} in the dispute about booking ${f.number} (${f.service}).` }),
      ar: (f) => ({ title: 'رسالة جديدة في نزاع', message: `وصلت رسالة جديدة من ${f.other} في النزاع حول الحجز ${f.number} (${f.service}).` }),
    },
  },
  'dispute.decided': {
    refund: {
      client: {
        en: (f) => ({ title: 'Dispute decided: refund', message: `Khidma support decided the dispute about booking ${f.number} (${f.service}). A refund of ${f.refunded} is on its way.` }),
        ar: (f) => ({ title: 'قرار النزاع: استرداد', message: `قرّر فريق خدمة في النزاع حول الحجز ${f.number} (${f.service}). سيُعاد إليك مبلغ ${f.refunded}.` }),
      },
      provider: {
        en: (f) => ({ title: 'Dispute decided: refund', message: `Khidma support decided the dispute about booking ${f.number} (${f.service}): ${f.refunded} is refunded to the client.` }),
        ar: (f) => ({ title: 'قرار النزاع: استرداد', message: `قرّر فريق خدمة في النزاع حول الحجز ${f.number} (${f.service}): يُعاد ${f.refunded} إلى العميل.` }),
      },
    },
    none: {
      client: {
        en: (f) => ({ title: 'Dispute decided: no refund', message: `Khidma support decided the dispute about booking ${f.number} (${f.service}) without a refund. The note is in the dispute.` }),
        ar: (f) => ({ title: 'قرار النزاع: دون استرداد', message: `قرّر فريق خدمة في النزاع حول الحجز ${f.number} (${f.service}) دون استرداد. الملاحظة موجودة في النزاع.` }),
      },
      provider: {
        en: (f) => ({ title: 'Dispute decided: no refund', message: `Khidma support decided the dispute about booking ${f.number} (${f.service}) without a refund.` }),
        ar: (f) => ({ title: 'قرار النزاع: دون استرداد', message: `قرّر فريق خدمة في النزاع حول الحجز ${f.number} (${f.service}) دون استرداد.` }),
      },
    },
  },
};

const OTHER: Record<Language, Record<BookingRecipient, string>> = {
  en: { client: 'the provider', provider: 'the client' },
  ar: { client: 'مقدّم الخدمة', provider: 'العميل' },
};
const VIEW: Record<Language, string> = { en: 'View the dispute:', ar: 'تفاصيل النزاع:' };

/** What each party of a dispute event reads in the app, in their language and in every other (the demo seed uses it too). */
export function disputeNotifications(type: DisputeEventType, p: DisputeEventPayload, createdAt: Date): Array<Omit<Notification, 'id'> & { recipient: BookingRecipient }> {
  const words = type === 'dispute.decided' ? WORDS[type][p.refundedAmount && Number(p.refundedAmount) > 0 ? 'refund' : 'none'] : WORDS[type];
  return (['client', 'provider'] as const).map((recipient) => {
    const party = p[recipient];
    const facts = (language: Language): Facts => ({
      number: p.bookingNumber,
      service: language === 'ar' ? p.serviceTitleAr || p.serviceTitle : p.serviceTitle,
      client: p.client.name,
      provider: partyNameIn(p.provider, language),
      refunded: formatMoney(p.refundedAmount ?? 0, language, 'amount'),
      other: OTHER[language][recipient],
    });
    return {
      recipient,
      userId: party.userId,
      type: 'booking',
      ...noticeWords(party.language, (language) => words[recipient][language](facts(language))),
      metadata: { bookingId: p.bookingId, bookingNumber: p.bookingNumber, providerId: p.providerId, event: type, ...(p.actor === recipient && { byYou: true }) },
      isRead: false,
      createdAt,
    };
  });
}

/** Both parties of a dispute hear of its opening, each message and the decision: a row and an e-mail each. */
@Injectable()
export class DisputeNotificationsHandler implements DomainEventHandler<DisputeEventPayload> {
  readonly types = DISPUTE_EVENTS;

  constructor(
    private readonly outbox: OutboxService,
    @Inject(SERVICE_CONFIG) private readonly config: BookingConfig,
  ) {}

  async handle(event: DomainEvent<DisputeEventPayload>, manager: EntityManager): Promise<Notification[]> {
    const type = event.type as DisputeEventType;
    const p = event.payload;
    return deliverPartyNotices(manager, this.outbox, {
      type,
      bookingId: p.bookingId,
      bookingNumber: p.bookingNumber,
      publicUrl: this.config.PUBLIC_URL,
      view: VIEW,
      parties: p,
      notices: disputeNotifications(type, p, new Date()),
      // A message the recipient wrote themselves is a receipt in the app only, never an e-mail.
      mailed: (recipient) => !(type === 'dispute.replied' && p.actor === recipient),
    });
  }
}
