import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { type DomainEvent, type EmailJob, type Language, type NotificationText, QUEUES } from '@khidma/contracts';
import { OutboxService, SERVICE_CONFIG } from '@khidma/nest-kit';
import type { EntityManager } from 'typeorm';
import {
  PROVIDER_APPLICATION_REVIEWED,
  type ProviderApplicationReviewedPayload,
  SERVICE_REVIEWED,
  type ServiceReviewedPayload,
} from '../../admin/moderation.events.js';
import type { BookingConfig } from '../../config.js';
import type { DomainEventHandler } from '../domain-event-handler.js';
import { Notification } from '../entities/notification.entity.js';
import { letter } from './letter.js';
import { type NoticeWords, noticeWords } from './notice-words.js';

const applicationTexts: Record<Language, (p: ProviderApplicationReviewedPayload) => NotificationText> = {
  en: (p) =>
    p.approved
      ? { title: 'Application approved', message: `Your provider application for ${p.businessName} was approved. Your provider dashboard is ready.` }
      : {
          title: 'Application not approved',
          message: `Your provider application for ${p.businessName} was not approved.${p.reason ? ` Reason: ${p.reason}` : ''} You may apply again.`,
        },
  ar: (p) =>
    p.approved
      ? { title: 'تمت الموافقة على طلبك', message: `تمت الموافقة على طلب انضمام ${p.businessName} كمقدّم خدمة. لوحة مقدّم الخدمة جاهزة.` }
      : {
          title: 'لم تتم الموافقة على طلبك',
          message: `لم تتم الموافقة على طلب انضمام ${p.businessName} كمقدّم خدمة.${p.reason ? ` السبب: ${p.reason}` : ''} يمكنك التقديم مجددًا.`,
        },
};

const serviceTexts: Record<Language, (p: ServiceReviewedPayload) => NotificationText> = {
  en: (p) => {
    const what = p.revision ? `The changes to your service "${p.title}"` : `Your service "${p.title}"`;
    return p.approved
      ? { title: p.revision ? 'Service changes approved' : 'Service approved', message: `${what} ${p.revision ? 'were' : 'was'} approved${p.revision ? ' and are live' : ' and is now listed'}.` }
      : {
          title: p.revision ? 'Service changes not approved' : 'Service not approved',
          message: `${what} ${p.revision ? 'were' : 'was'} not approved.${p.reason ? ` Reason: ${p.reason}` : ''}`,
        };
  },
  ar: (p) => {
    const what = p.revision ? `التعديلات على خدمتك «${p.titleAr}»` : `خدمتك «${p.titleAr}»`;
    return p.approved
      ? { title: p.revision ? 'تمت الموافقة على التعديلات' : 'تمت الموافقة على الخدمة', message: `تمت الموافقة على ${what}${p.revision ? ' وأصبحت ظاهرة' : ' وأصبحت معروضة'}.` }
      : {
          title: p.revision ? 'لم تتم الموافقة على التعديلات' : 'لم تتم الموافقة على الخدمة',
          message: `لم تتم الموافقة على ${what}.${p.reason ? ` السبب: ${p.reason}` : ''}`,
        };
  },
};

/**
 * An admin's decision reaches the person it concerns: an in-app notification and an e-mail in their
 * language — the applicant for an application (type provider_application), the provider for a
 * service (type other).
 */
@Injectable()
export class ModerationReviewedHandler implements DomainEventHandler<ProviderApplicationReviewedPayload | ServiceReviewedPayload> {
  readonly types = [PROVIDER_APPLICATION_REVIEWED, SERVICE_REVIEWED];

  constructor(
    private readonly outbox: OutboxService,
    @Inject(SERVICE_CONFIG) private readonly config: BookingConfig,
  ) {}

  async handle(event: DomainEvent<ProviderApplicationReviewedPayload | ServiceReviewedPayload>, manager: EntityManager): Promise<Notification[]> {
    if (event.type === PROVIDER_APPLICATION_REVIEWED) {
      const p = event.payload as ProviderApplicationReviewedPayload;
      const texts = noticeWords(p.language, (language) => applicationTexts[language](p));
      const link = `${this.config.PUBLIC_URL}${p.approved ? '/provider-dashboard' : '/provider-signup'}`;
      return this.write(manager, {
        userId: p.userId,
        type: 'provider_application',
        providerId: p.applicationId,
        texts,
        email: p.email,
        name: p.businessName,
        language: p.language,
        link,
        template: `${PROVIDER_APPLICATION_REVIEWED}.${p.approved ? 'approved' : 'rejected'}`,
      });
    }
    const p = event.payload as ServiceReviewedPayload;
    return this.write(manager, {
      userId: p.providerUserId,
      type: 'other',
      providerId: p.providerId,
      texts: noticeWords(p.language, (language) => serviceTexts[language](p)),
      email: p.providerEmail,
      name: p.language === 'ar' ? p.titleAr : p.title,
      language: p.language,
      link: `${this.config.PUBLIC_URL}/provider-dashboard`,
      template: `${SERVICE_REVIEWED}.${p.approved ? 'approved' : 'rejected'}`,
    });
  }

  private async write(
    manager: EntityManager,
    n: {
      userId: string;
      type: Notification['type'];
      providerId: string;
      texts: NoticeWords;
      email: string | null;
      name: string;
      language: Language;
      link: string;
      template: string;
    },
  ): Promise<Notification[]> {
    const row = manager.create(Notification, {
      id: randomUUID(),
      userId: n.userId,
      type: n.type,
      title: n.texts.title,
      message: n.texts.message,
      translations: n.texts.translations,
      metadata: { providerId: n.providerId },
      isRead: false,
      createdAt: new Date(),
    });
    await manager.insert(Notification, row);
    if (n.email) {
      const mail: EmailJob = {
        to: n.email,
        subject: n.texts.title,
        text: letter(n.language, n.name, [n.texts.message, n.link]),
        language: n.language,
        template: n.template,
      };
      await this.outbox.enqueue(manager, QUEUES.email, mail.template, mail);
    }
    return [row];
  }
}
