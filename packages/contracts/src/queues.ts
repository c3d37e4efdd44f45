import type { Language } from './constants.js';

/** Queue names shared by producers (services, outbox relays) and the workers. */
export const QUEUES = {
  email: 'email',
  domainEvents: 'domain-events',
  /** Delayed: one e-mail digest of chat messages still unread after CHAT_DIGEST_DELAY_MS. */
  chatDigest: 'chat-digest',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/** An e-mail job: the worker renders nothing, it sends what it is given. */
export interface EmailJob {
  to: string;
  subject: string;
  text: string;
  html?: string;
  language: Language;
  /** Why the mail exists, for logs and tests (e.g. `contact.received`). */
  template: string;
  replyTo?: string;
}

/** An event that left a service through its transactional outbox. */
export interface DomainEvent<T = Record<string, unknown>> {
  /** Outbox row id: consumers use it as the job id so a redelivery is processed once. */
  id: string;
  type: string;
  source: 'identity' | 'booking' | 'assistant' | 'gateway';
  occurredAt: string;
  payload: T;
}
