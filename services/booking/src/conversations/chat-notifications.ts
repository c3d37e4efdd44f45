import { type DomainEvent, type EmailJob, type Language, notificationLink, QUEUES } from '@khidma/contracts';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { JobQueue, OutboxService, SERVICE_CONFIG } from '@khidma/nest-kit';
import { randomUUID } from 'node:crypto';
import { type EntityManager, IsNull, MoreThanOrEqual } from 'typeorm';
import { Provider } from '../catalogue/entities/provider.entity.js';
import type { BookingConfig } from '../config.js';
import type { DomainEventHandler } from '../notifications/domain-event-handler.js';
import { Notification } from '../notifications/entities/notification.entity.js';
import { letter } from '../notifications/handlers/letter.js';
import { noticeWords } from '../notifications/handlers/notice-words.js';
import { providerNameIn } from './conversation-dto.js';
import { type ChatDigestJob, CONVERSATION_MESSAGE_SENT, type MessageSentPayload } from './conversation.events.js';
import { ConversationMessage } from './entities/conversation-message.entity.js';
import { Conversation } from './entities/conversation.entity.js';

/** Name under which sent digests are recorded (processed_messages.consumer). */
export const CHAT_DIGEST_CONSUMER = 'chat-digest';

/** Messages quoted in one digest e-mail; the rest are counted. */
const DIGEST_QUOTES = 5;

const WORDS: Record<
  Language,
  {
    title: (sender: string) => string;
    photo: string;
    subject: (count: number, sender: string) => string;
    intro: (count: number, sender: string) => string;
    more: (count: number) => string;
    reply: string;
  }
> = {
  en: {
    title: (sender) => `New message from ${sender}`,
    photo: '📷 Photo',
    subject: (count, sender) => (count === 1 ? `1 unread message from ${sender}` : `${count} unread messages from ${sender}`),
    intro: (count, sender) => (count === 1 ? `${sender} sent you a message you have not read yet:` : `${sender} sent you ${count} messages you have not read yet:`),
    more: (count) => `… and ${count} more.`,
    reply: 'Read and reply:',
  },
  ar: {
    title: (sender) => `رسالة جديدة من ${sender}`,
    photo: '📷 صورة',
    subject: (count, sender) => (count === 1 ? `رسالة غير مقروءة من ${sender}` : `${count} رسائل غير مقروءة من ${sender}`),
    intro: (count, sender) => (count === 1 ? `أرسل إليك ${sender} رسالة لم تقرأها بعد:` : `أرسل إليك ${sender} ${count} رسائل لم تقرأها بعد:`),
    more: (count) => `… و${count} أخرى.`,
    reply: 'اقرأ وردّ:',
  },
};

/** The recipient's in-app notice of a message, in their language and in every other (the demo seed writes its history with it). */
export function chatNotification(
  sent: Pick<MessageSentPayload, 'recipient' | 'senderName' | 'senderNames' | 'preview' | 'bookingId' | 'providerId' | 'conversationId'>,
  createdAt: Date,
): Omit<Notification, 'id'> {
  return {
    userId: sent.recipient.userId,
    type: 'chat',
    // The message itself is quoted as written, in whatever language its sender wrote it.
    ...noticeWords(sent.recipient.language, (language) => ({
      title: WORDS[language].title(sent.senderNames?.[language] ?? sent.senderName),
      message: sent.preview ?? WORDS[language].photo,
    })),
    metadata: { ...(sent.bookingId && { bookingId: sent.bookingId }), providerId: sent.providerId, conversationId: sent.conversationId },
    isRead: false,
    createdAt,
  };
}

/**
 * `conversation.message_sent`: the recipient gets a `chat` notification (spec metadata
 * {bookingId, providerId}) and, when the message starts a burst, a delayed digest job whose id is
 * that message's: redelivering the event schedules nothing new.
 */
@Injectable()
export class ChatMessageNotificationsHandler implements DomainEventHandler<MessageSentPayload> {
  readonly types = [CONVERSATION_MESSAGE_SENT];

  constructor(
    private readonly jobs: JobQueue,
    @Inject(SERVICE_CONFIG) private readonly config: BookingConfig,
  ) {}

  async handle(event: DomainEvent<MessageSentPayload>, manager: EntityManager): Promise<Notification[]> {
    const sent = event.payload;
    const row = manager.create(Notification, { id: randomUUID(), ...chatNotification(sent, new Date()) });
    await manager.insert(Notification, { ...row });
    if (sent.startsBurst) {
      const job: ChatDigestJob = { conversationId: sent.conversationId, recipientId: sent.recipient.userId, firstMessageId: sent.messageId };
      await this.jobs.add(QUEUES.chatDigest, 'chat.digest', job, { jobId: sent.messageId, delayMs: this.config.CHAT_DIGEST_DELAY_MS });
    }
    return [row];
  }
}

/**
 * The delayed digest: if messages of the burst are still unread, one e-mail (through the outbox to
 * the mailer) quotes them. `once` per burst: a redelivered job sends nothing more, and a burst that was
 * read in time sends nothing at all.
 */
@Injectable()
export class ChatDigestConsumer implements OnApplicationBootstrap {
  private readonly logger = new Logger('ChatDigest');

  constructor(
    private readonly jobs: JobQueue,
    private readonly outbox: OutboxService,
    @Inject(SERVICE_CONFIG) private readonly config: BookingConfig,
  ) {}

  onApplicationBootstrap() {
    this.jobs.process<ChatDigestJob>(QUEUES.chatDigest, async (job) => {
      await this.handle(job.data);
    });
  }

  /** Whether an e-mail was queued. */
  async handle(job: ChatDigestJob): Promise<boolean> {
    let mailed = false;
    const done = await this.outbox.once(CHAT_DIGEST_CONSUMER, job.firstMessageId, async (manager) => {
      mailed = await this.digest(manager, job);
    });
    if (!done) this.logger.log(`Digest of ${job.firstMessageId} was already handled; redelivery ignored`);
    return mailed;
  }

  private async digest(manager: EntityManager, job: ChatDigestJob): Promise<boolean> {
    const first = await manager.findOneBy(ConversationMessage, { id: job.firstMessageId });
    const conversation = await manager.findOneBy(Conversation, { id: job.conversationId });
    // Reading the conversation reads all of it: a read first message means this burst is over (a later
    // burst has its own job), so only the unread tail since it can belong to this burst.
    if (!first || first.readAt || !conversation) return false;
    const unread = await manager.find(ConversationMessage, {
      where: { conversationId: conversation.id, recipientId: job.recipientId, readAt: IsNull(), hiddenAt: IsNull(), createdAt: MoreThanOrEqual(first.createdAt) },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    if (!unread.length) return false;
    const provider = await manager.findOneByOrFail(Provider, { id: conversation.providerId });
    const toClient = job.recipientId === conversation.clientId;
    const recipient = toClient
      ? {
          email: conversation.clientEmail,
          language: conversation.clientLanguage,
          name: conversation.clientName,
          sender: providerNameIn(provider, conversation.clientLanguage),
        }
      : { email: provider.email, language: provider.language, name: providerNameIn(provider, provider.language), sender: conversation.clientName };
    if (!recipient.email) return false;
    const words = WORDS[recipient.language];
    const link = `${this.config.PUBLIC_URL}${notificationLink(
      {
        type: 'chat',
        metadata: {
          providerId: conversation.providerId,
          conversationId: conversation.id,
          ...(conversation.bookingId && { bookingId: conversation.bookingId }),
        },
      },
      toClient ? 'client' : 'provider',
    )}`;
    const quotes = unread.slice(0, DIGEST_QUOTES).map((message) => `> ${message.text ?? words.photo}`);
    const mail: EmailJob = {
      to: recipient.email,
      subject: words.subject(unread.length, recipient.sender),
      text: letter(recipient.language, recipient.name, [
        words.intro(unread.length, recipient.sender),
        quotes.join('\n'),
        ...(unread.length > DIGEST_QUOTES ? [words.more(unread.length - DIGEST_QUOTES)] : []),
        `${words.reply} ${link}`,
      ]),
      language: recipient.language,
      template: `chat.digest.${toClient ? 'client' : 'provider'}`,
    };
    await this.outbox.enqueue(manager, QUEUES.email, mail.template, mail);
    return true;
  }
}
