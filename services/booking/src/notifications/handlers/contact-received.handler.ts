import { Inject, Injectable } from '@nestjs/common';
import { type DomainEvent, type EmailJob, type Language, QUEUES } from '@khidma/contracts';
import { OutboxService, SERVICE_CONFIG } from '@khidma/nest-kit';
import type { EntityManager } from 'typeorm';
import type { BookingConfig } from '../../config.js';
import { CONTACT_RECEIVED, type ContactReceivedPayload } from '../../contact/contact.events.js';
import type { DomainEventHandler } from '../domain-event-handler.js';
import { letter } from './letter.js';

/** A header must stay on one line whatever the visitor typed. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

const acknowledgement: Record<Language, (c: ContactReceivedPayload, faqUrl: string) => Pick<EmailJob, 'subject' | 'text'>> = {
  en: (c, faqUrl) => ({
    subject: 'We received your message',
    text: letter('en', c.name, [
      `Thank you for contacting Khidma. We received your message "${oneLine(c.subject)}" and our support team will reply within 2 hours.`,
      `Meanwhile, answers to common questions are at ${faqUrl}`,
    ]),
  }),
  ar: (c, faqUrl) => ({
    subject: 'تلقّينا رسالتك',
    text: letter('ar', c.name, [
      `شكرًا لتواصلك مع خدمة. تلقّينا رسالتك «${oneLine(c.subject)}» وسيردّ عليك فريق الدعم خلال ساعتين.`,
      `وإلى ذلك الحين، تجد إجابات الأسئلة الشائعة على ${faqUrl}`,
    ]),
  }),
};

/** `contact.received`: the message goes to support, and the sender gets an acknowledgement in their language. */
@Injectable()
export class ContactReceivedHandler implements DomainEventHandler<ContactReceivedPayload> {
  readonly types = [CONTACT_RECEIVED];

  constructor(
    private readonly outbox: OutboxService,
    @Inject(SERVICE_CONFIG) private readonly config: BookingConfig,
  ) {}

  async handle(event: DomainEvent<ContactReceivedPayload>, manager: EntityManager) {
    const contact = event.payload;
    const toSupport: EmailJob = {
      to: this.config.SUPPORT_EMAIL,
      // Support answers the visitor by simply replying.
      replyTo: contact.email,
      subject: `[Contact/${contact.type}] ${oneLine(contact.subject)}`,
      text: [
        `From: ${contact.name} <${contact.email}>`,
        `Phone: ${contact.phone ?? '-'}`,
        `Type: ${contact.type}`,
        `Language: ${contact.language}`,
        `Received: ${event.occurredAt}`,
        `Reference: ${contact.contactMessageId}`,
        '',
        contact.message,
      ].join('\n'),
      language: 'en',
      template: 'contact.support',
    };
    const toSender: EmailJob = {
      to: contact.email,
      // A reply to the acknowledgement should reach a person, not the no-reply sender.
      replyTo: this.config.SUPPORT_EMAIL,
      ...acknowledgement[contact.language](contact, `${this.config.PUBLIC_URL}/faq`),
      language: contact.language,
      template: 'contact.acknowledgement',
    };
    await this.outbox.enqueue(manager, QUEUES.email, toSupport.template, toSupport);
    await this.outbox.enqueue(manager, QUEUES.email, toSender.template, toSender);
  }
}
