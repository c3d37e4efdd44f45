import type { ProcessPaymentResponse } from '@khidma/contracts';
import { DEMO_ACCOUNTS, DEMO_CREDIT_GRANT, DEMO_CREDIT_REFUND_ENTRY_ID, DEMO_PROVIDERS, DEMO_SERVICES, type DemoBooking, type DemoBookingReview, type DemoConversation, type DemoFavourite, type DemoMessage, demoActivity, demoPhotoPath } from '@khidma/demo-data';
import { zonedToday, zonedToInstant } from '@khidma/nest-kit';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { type DataSource, type EntityManager, In, IsNull } from 'typeorm';
import { AdminAuditEntry } from '../audit/entities/admin-audit-entry.entity.js';
import { bookingDuration, bookingNumberOf, bookingTotal, serviceSnapshot, slotClaims } from '../bookings/booking-rules.js';
import { bookingEventPayload, type BookingParty } from '../bookings/booking.events.js';
import { BookingSlot } from '../bookings/entities/booking-slot.entity.js';
import { centsToMoney, toCents } from '../bookings/money.js';
import { CreditAccount } from '../credit/entities/credit-account.entity.js';
import { CreditEntry } from '../credit/entities/credit-entry.entity.js';
import { Booking } from '../bookings/entities/booking.entity.js';
import { Provider } from '../catalogue/entities/provider.entity.js';
import { Review } from '../catalogue/entities/review.entity.js';
import { ServiceCategory } from '../catalogue/entities/service-category.entity.js';
import { ServiceListing } from '../catalogue/entities/service-listing.entity.js';
import { syncProviderApproval } from '../catalogue/provider-approval.js';
import { Favourite } from '../favourites/entities/favourite.entity.js';
import { chatNotification } from '../conversations/chat-notifications.js';
import { senderNamesOf } from '../conversations/conversation-dto.js';
import { messagePreview } from '../conversations/conversation.events.js';
import { ConversationMessage } from '../conversations/entities/conversation-message.entity.js';
import { Conversation, enquiryKeyOf } from '../conversations/entities/conversation.entity.js';
import { MessageReport } from '../conversations/entities/message-report.entity.js';
import { Notification } from '../notifications/entities/notification.entity.js';
import { bookingNotifications } from '../notifications/handlers/booking-notifications.handler.js';
import { Payment } from '../payments/entities/payment.entity.js';
import { fingerprintOf } from '../payments/payments.service.js';
import { checkImage } from '../provider-applications/document-images.js';
import { ProviderApplication } from '../provider-applications/entities/provider-application.entity.js';
import { ProviderDocument } from '../provider-applications/entities/provider-document.entity.js';
import { recomputeRatingsOf } from '../reviews/review-aggregates.js';
import { BookingSeries } from '../series/entities/booking-series.entity.js';
import { insertDisputes, removeDisputes } from './seed-disputes.js';

export interface ActivityReport {
  /** The marketplace day the activity is placed around. */
  today: string;
  /** False when the activity for this day was already there (a second run writes nothing). */
  written: boolean;
  bookings: number;
  payments: number;
  notifications: number;
  messages: number;
  reviews: number;
}

const HOUR_MS = 3600 * 1000;
/** Notifications older than this are left out (nobody scrolls that far); those over three days old are read. */
const NOTIFIED_DAYS = 45;
const READ_AFTER_HOURS = 72;
const DEMO_CARD = { number: '4242424242424242', expiry: '12/30', holder: 'Demo Card' };

/**
 * Fixed ids beside the booking's (`…-b000-n`): its payment `…-b100-n`, its notifications
 * `…-b2<side><step>-n` (c client, d provider); a conversation's (`…-b500-n`) messages `…-b600-…` and
 * their notifications `…-b700-…`.
 */
const paymentId = (bookingId: string) => bookingId.replace('-b000-', '-b100-');
const notificationId = (bookingId: string, step: number, recipient: string) =>
  bookingId.replace('-b000-', `-b2${recipient === 'client' ? 'c' : 'd'}${step}-`);
const DEMO_PREFIX = '00000000-0000-4000-';
const messageId = (kind: 'b600' | 'b700' | 'b900', conversationId: string, k: number) =>
  `${DEMO_PREFIX}${kind}-${String(Number(conversationId.slice(24)) * 100 + k).padStart(12, '0')}`;

/**
 * Writes the demo accounts' activity (see demoActivity) around today's date in the marketplace's zone.
 * Once written for a day it is left alone; on a later day the previous activity is replaced, so a
 * demo started next month still has upcoming bookings. Bookings people made themselves are untouched;
 * a demo booking whose hours a real one took meanwhile is skipped.
 */
export async function seedActivity(dataSource: DataSource, timeZone: string, now = new Date()): Promise<ActivityReport> {
  const today = zonedToday(now, timeZone);
  const activity = demoActivity(today);
  const ids = activity.bookings.map((booking) => booking.id);
  return dataSource.transaction(async (manager) => {
    const first = await manager.findOneBy(Booking, { id: ids[0]! });
    if (first?.scheduledDate === activity.bookings[0]!.scheduledDate) {
      return { today, written: false, bookings: 0, payments: 0, notifications: 0, messages: 0, reviews: 0 };
    }
    if (first) await removeActivity(manager, ids);

    const services = new Map((await manager.findBy(ServiceListing, { id: In([...new Set(activity.bookings.map((b) => b.serviceId))]) })).map((s) => [s.id, s]));
    const providers = new Map((await manager.find(Provider)).map((p) => [p.id, p]));
    const categories = new Map((await manager.find(ServiceCategory)).map((c) => [c.id, c]));
    const report: ActivityReport = { today, written: true, bookings: 0, payments: 0, notifications: 0, messages: 0, reviews: 0 };
    const written = new Set<string>();
    const notifications: Notification[] = [];
    // A series is created the moment before its first booking was.
    for (const plan of activity.series) {
      const first = activity.bookings.find((b) => b.series?.id === plan.id && b.series.index === 1)!;
      const createdAt = new Date(zonedToInstant(first.scheduledDate, first.scheduledTime, timeZone).getTime() + first.steps[0]!.at * HOUR_MS);
      await manager.insert(BookingSeries, { ...plan, untilDate: null, createdAt });
    }
    for (const demo of activity.bookings) {
      const service = services.get(demo.serviceId)!;
      const provider = providers.get(demo.providerId)!;
      const booking = bookingRow(demo, service, categories.get(service.categoryId)!, timeZone);
      const claims = demo.status === 'cancelled' ? [] : slotClaims(booking);
      if (claims.length && (await manager.countBy(BookingSlot, claims.map(({ providerId, slotDate, slotTime }) => ({ providerId, slotDate, slotTime }))))) continue;
      await manager.insert(Booking, { ...booking });
      written.add(booking.id);
      if (claims.length) await manager.insert(BookingSlot, claims);
      report.bookings++;

      const at = (hours: number) => new Date(booking.startsAt.getTime() + hours * HOUR_MS);
      const paid = demo.steps.find((step) => step.event === 'booking.paid');
      if (paid) {
        await manager.insert(Payment, paymentRow(booking, at(paid.at), demo.paymentStatus === 'refunded' ? at(demo.steps.at(-1)!.at) : null));
        report.payments++;
      }
      demo.steps.forEach((step, k) => {
        const when = at(step.at);
        if (now.getTime() - when.getTime() > NOTIFIED_DAYS * 24 * HOUR_MS) return;
        const cancellation = step.event === 'booking.cancelled' || step.event === 'booking.declined';
        const payload = bookingEventPayload(booking, provider, step.actor, {
          ...(cancellation && { reason: demo.cancellationReason, refundedAmount: demo.paymentStatus === 'refunded' ? booking.totalAmount : null }),
        });
        for (const { recipient, ...row } of bookingNotifications(step.event, payload, when)) {
          notifications.push({ ...row, id: notificationId(booking.id, k, recipient), isRead: now.getTime() - when.getTime() > READ_AFTER_HOURS * HOUR_MS });
        }
      });
    }
    // Only the demo accounts sign in; other people's notifications would be written for nobody.
    const demoUsers = new Set<string>([DEMO_ACCOUNTS.client.id, DEMO_ACCOUNTS.provider.id]);
    const shown = notifications.filter((n) => demoUsers.has(n.userId));
    for (let at = 0; at < shown.length; at += 200) await manager.insert(Notification, shown.slice(at, at + 200));
    report.notifications = shown.length;

    report.messages = await insertConversations(manager, activity.conversations, { providers, written, now });
    report.reviews = await insertReviews(manager, activity.reviews, { written, now });
    await insertDisputes(manager, activity.bookings, written, now);
    // Ratings follow the reviews (those of the replaced day are gone, the new ones are in).
    const serviceIds = [...services.keys()];
    await recomputeRatingsOf(manager, { serviceIds, providerIds: [...new Set(serviceIds.map((id) => services.get(id)!.providerId))] });

    await insertMissing(manager, ServiceListing, {
      ...activity.pendingService,
      createdAt: new Date(activity.pendingService.createdAt),
      imageUrl: null,
      status: 'pending',
    } as ServiceListing);
    await syncProviderApproval(manager, [activity.pendingService.providerId]);
    await insertPendingApplication(manager, activity.pendingApplication, now);
    await insertAuditEntries(manager, now);
    await insertFavourites(manager, activity.favourites, now);
    await insertCredit(manager, activity.bookings.filter((b) => written.has(b.id)), timeZone, now);
    return report;
  });
}

function bookingRow(demo: DemoBooking, service: ServiceListing, category: ServiceCategory, timeZone: string): Booking {
  const duration = bookingDuration(service, demo.durationMinutes);
  const startsAt = zonedToInstant(demo.scheduledDate, demo.scheduledTime, timeZone);
  return {
    id: demo.id,
    // The same on every machine for the same booking: derived from its fixed id.
    bookingNumber: bookingNumberOf(createHash('sha256').update(demo.id).digest()),
    serviceId: service.id,
    providerId: service.providerId,
    clientId: demo.client.id,
    clientName: `${demo.client.firstName} ${demo.client.lastName}`,
    clientEmail: demo.client.email,
    clientLanguage: demo.client.language,
    ...serviceSnapshot(service, category),
    scheduledDate: demo.scheduledDate,
    scheduledTime: demo.scheduledTime,
    startsAt,
    duration,
    clientAddress: demo.clientAddress,
    clientPhone: demo.clientPhone,
    totalAmount: bookingTotal(service, duration),
    ...paidFields(demo, bookingTotal(service, duration)),
    status: demo.status,
    paymentStatus: demo.paymentStatus,
    specialInstructions: demo.specialInstructions,
    cancellationReason: demo.cancellationReason,
    cancelledBy: demo.cancelledBy,
    completedAt: completedAtOf(demo, startsAt),
    seriesId: demo.series?.id ?? null,
    seriesFrequency: demo.series?.frequency ?? null,
    seriesIndex: demo.series?.index ?? null,
    seriesSize: demo.series?.size ?? null,
    createdAt: new Date(startsAt.getTime() + demo.steps[0]!.at * HOUR_MS),
    updatedAt: new Date(startsAt.getTime() + demo.steps.at(-1)!.at * HOUR_MS),
    version: demo.steps.length,
  };
}

/** Demo payments are by card at the list price; a refunded one was refunded to the card (insertCredit may move one to credit). */
function paidFields(demo: DemoBooking, total: string): Partial<Booking> {
  if (demo.paymentStatus !== 'paid' && demo.paymentStatus !== 'refunded') return {};
  const refunded = demo.paymentStatus === 'refunded';
  return { paidAmount: total, paidDiscount: '0.00', paidPromoCode: null, paidCredit: '0.00', refundedAmount: refunded ? total : '0.00', refundedToCredit: '0.00' };
}

/**
 * The demo client's Khidma credit: the admin's goodwill grant and their first refunded booking
 * refunded to credit rather than the card; the balance is the sum of their entries.
 */
async function insertCredit(manager: EntityManager, bookings: DemoBooking[], timeZone: string, now: Date) {
  const grant = DEMO_CREDIT_GRANT;
  await manager.delete(CreditEntry, { id: In([grant.id, DEMO_CREDIT_REFUND_ENTRY_ID]) });
  await manager.insert(CreditEntry, {
    id: grant.id,
    clientId: grant.clientId,
    amount: grant.amount,
    reason: 'goodwill',
    bookingId: null,
    adminId: grant.adminId,
    note: grant.note,
    createdAt: new Date(now.getTime() - grant.hoursAgo * HOUR_MS),
  });
  const refunded = bookings.find((b) => b.client.id === grant.clientId && b.paymentStatus === 'refunded');
  if (refunded) {
    const booking = await manager.findOneByOrFail(Booking, { id: refunded.id });
    const refundedAt = new Date(zonedToInstant(refunded.scheduledDate, refunded.scheduledTime, timeZone).getTime() + refunded.steps.at(-1)!.at * HOUR_MS);
    await manager.update(Booking, { id: booking.id }, { refundedToCredit: booking.totalAmount });
    await manager.insert(CreditEntry, {
      id: DEMO_CREDIT_REFUND_ENTRY_ID,
      clientId: grant.clientId,
      amount: booking.totalAmount,
      reason: 'refund',
      bookingId: booking.id,
      adminId: null,
      note: null,
      createdAt: refundedAt,
    });
  }
  const entries = await manager.findBy(CreditEntry, { clientId: grant.clientId });
  const balance = centsToMoney(entries.reduce((sum, entry) => sum + toCents(entry.amount), 0));
  await manager.delete(CreditAccount, { clientId: grant.clientId });
  await manager.insert(CreditAccount, { clientId: grant.clientId, balance, updatedAt: now });
}

/** The card payment the payment route would have recorded (and answered) for this booking. */
function paymentRow(booking: Booking, paidAt: Date, refundedAt: Date | null): Payment {
  const id = paymentId(booking.id);
  const body: ProcessPaymentResponse = {
    payment: { id, bookingId: booking.id, status: 'succeeded', amount: booking.totalAmount, paymentMethod: 'card', last4: '4242', declineCode: null, createdAt: paidAt.toISOString() },
    charge: { subtotal: booking.totalAmount, discount: '0.00', total: booking.totalAmount, promoCode: null },
    credit: '0.00',
    booking: { id: booking.id, paymentStatus: 'paid', status: 'pending' },
  };
  return {
    id,
    bookingId: booking.id,
    clientId: booking.clientId,
    amount: booking.totalAmount,
    method: 'card',
    status: refundedAt ? 'refunded' : 'succeeded',
    declineCode: null,
    last4: '4242',
    expiry: DEMO_CARD.expiry,
    idempotencyKey: null,
    requestFingerprint: fingerprintOf({ bookingId: booking.id, amount: Number(booking.totalAmount), paymentMethod: 'card', cardDetails: DEMO_CARD } as never, DEMO_CARD as never),
    responseStatus: 200,
    responseBody: body,
    createdAt: paidAt,
    refundedAt,
    refundedAmount: refundedAt ? booking.totalAmount : null,
  };
}

/** When a completed demo booking's `booking.completed` step happened. */
function completedAtOf(demo: DemoBooking, startsAt: Date): Date | null {
  if (demo.status !== 'completed') return null;
  const step = demo.steps.find((s) => s.event === 'booking.completed') ?? demo.steps.at(-1)!;
  return new Date(startsAt.getTime() + step.at * HOUR_MS);
}

/** The demo threads whose booking was written (or enquiries), their messages and the recipients' notices. */
async function insertConversations(
  manager: EntityManager,
  conversations: DemoConversation[],
  { providers, written, now }: { providers: Map<string, Provider>; written: Set<string>; now: Date },
): Promise<number> {
  let count = 0;
  for (const demo of conversations) {
    if (demo.bookingId && !written.has(demo.bookingId)) continue;
    const provider = providers.get(demo.providerId)!;
    const at = (message: DemoMessage) => new Date(now.getTime() - message.hoursAgo * HOUR_MS);
    const client: BookingParty = {
      userId: demo.client.id,
      name: `${demo.client.firstName} ${demo.client.lastName}`,
      email: demo.client.email,
      language: demo.client.language,
    };
    await manager.insert(Conversation, {
      id: demo.id,
      providerId: provider.id,
      providerUserId: provider.userId,
      clientId: client.userId,
      clientName: client.name,
      clientEmail: client.email,
      clientLanguage: client.language,
      bookingId: demo.bookingId,
      enquiryKey: demo.bookingId ? null : enquiryKeyOf(client.userId, provider.id),
      lastMessageAt: at(demo.messages.at(-1)!),
      createdAt: at(demo.messages[0]!),
    });
    for (const [k, message] of demo.messages.entries()) {
      const fromClient = message.from === 'client';
      const recipient: BookingParty = fromClient
        ? { userId: provider.userId, name: provider.businessName, email: provider.email, language: provider.language }
        : client;
      const sentAt = at(message);
      const seenAt = message.read ? new Date(sentAt.getTime() + HOUR_MS / 4) : null;
      const id = messageId('b600', demo.id, k);
      await manager.insert(ConversationMessage, {
        id,
        conversationId: demo.id,
        senderId: fromClient ? client.userId : provider.userId,
        senderSide: message.from,
        recipientId: recipient.userId,
        text: message.text,
        imageContentType: null,
        imageBytes: null,
        imageData: null,
        deliveredAt: seenAt,
        readAt: seenAt,
        hiddenAt: null,
        hiddenBy: null,
        createdAt: sentAt,
      });
      const senderNames = senderNamesOf(fromClient ? 'client' : 'provider', client.name, provider);
      const notice = chatNotification(
        {
          recipient,
          senderName: senderNames[recipient.language],
          senderNames,
          preview: messagePreview(message.text),
          bookingId: demo.bookingId,
          providerId: provider.id,
          conversationId: demo.id,
        },
        sentAt,
      );
      await manager.insert(Notification, { ...notice, id: messageId('b700', demo.id, k), isRead: message.read });
      if (message.reported) {
        await manager.insert(MessageReport, {
          id: messageId('b900', demo.id, k),
          messageId: id,
          conversationId: demo.id,
          reporterId: recipient.userId,
          reason: message.reported,
          createdAt: new Date(sentAt.getTime() + HOUR_MS),
        });
      }
      count++;
    }
  }
  return count;
}

/** The clients' reviews of written bookings, once the job ended and up to now, as the review route stores them. */
async function insertReviews(manager: EntityManager, reviews: DemoBookingReview[], { written, now }: { written: Set<string>; now: Date }) {
  let count = 0;
  for (const demo of reviews) {
    if (!written.has(demo.bookingId)) continue;
    const booking = await manager.findOneByOrFail(Booking, { id: demo.bookingId });
    const ended = booking.startsAt.getTime() + booking.duration * 60_000;
    const createdAt = new Date(ended + demo.hoursAfter * HOUR_MS);
    if (createdAt > now) continue;
    const repliedAt = demo.reply ? new Date(ended + demo.reply.hoursAfter * HOUR_MS) : null;
    await manager.insert(Review, {
      id: demo.id,
      serviceId: booking.serviceId,
      bookingId: booking.id,
      clientId: booking.clientId,
      authorName: booking.clientName,
      rating: demo.rating,
      comment: demo.comment,
      language: demo.language,
      replyComment: repliedAt && repliedAt <= now ? demo.reply!.comment : null,
      repliedAt: repliedAt && repliedAt <= now ? repliedAt : null,
      hiddenAt: null,
      hiddenBy: null,
      hiddenReason: null,
      createdAt,
      updatedAt: createdAt,
    });
    count++;
  }
  return count;
}

/**
 * Removes the previous day's activity and everything hanging off its bookings, also what people
 * added to them (a review, a thread): a booking that is gone takes them along.
 */
async function removeActivity(manager: EntityManager, ids: string[]) {
  await removeDisputes(manager, ids);
  const threads = await manager
    .createQueryBuilder(Conversation, 'c')
    .select('c.id', 'id')
    .where('c.id LIKE :demo', { demo: `${DEMO_PREFIX}b500-%` })
    .orWhere('c.bookingId IN (:...ids)', { ids })
    .getRawMany<{ id: string }>();
  const threadIds = threads.map((thread) => thread.id);
  if (threadIds.length) {
    await manager.delete(MessageReport, { conversationId: In(threadIds) });
    await manager.delete(ConversationMessage, { conversationId: In(threadIds) });
    await manager.delete(Conversation, { id: In(threadIds) });
  }
  for (let at = 0; at < ids.length; at += 200) {
    const chunk = ids.slice(at, at + 200);
    await manager.delete(Review, { bookingId: In(chunk) });
    await manager.delete(BookingSlot, { bookingId: In(chunk) });
    await manager.delete(Payment, { bookingId: In(chunk) });
    await manager.delete(Booking, { id: In(chunk) });
  }
  await manager.createQueryBuilder().delete().from(BookingSeries).where('id LIKE :demo', { demo: `${DEMO_PREFIX}b610-%` }).execute();
  // Notifications carry their booking in metadata (JSON): the demo ones are found by their fixed id prefix.
  await manager
    .createQueryBuilder()
    .delete()
    .from(Notification)
    .where('id LIKE :bookings OR id LIKE :messages', { bookings: `${DEMO_PREFIX}b2%`, messages: `${DEMO_PREFIX}b700-%` })
    .execute();
}

/**
 * The demo admin's recent decisions in the audit log, all consistent with the catalogue as seeded
 * (approved services are live, the review hidden after a report was shown again). Replaced with the
 * rest of the activity; the admin typed some reasons in Arabic.
 */
async function insertAuditEntries(manager: EntityManager, now: Date) {
  await manager.createQueryBuilder().delete().from(AdminAuditEntry).where('id LIKE :demo', { demo: `${DEMO_PREFIX}b800-%` }).execute();
  const admin = DEMO_ACCOUNTS.admin;
  const omar = DEMO_PROVIDERS.find((p) => p.userId === DEMO_ACCOUNTS.provider.id)!;
  const [first, second] = DEMO_SERVICES.filter((s) => s.providerId === omar.id);
  const review = await manager.findOne(Review, { where: { serviceId: first!.id, hiddenAt: IsNull() }, order: { id: 'ASC' } });
  const entries: Omit<AdminAuditEntry, 'id' | 'actorId' | 'actorEmail' | 'createdAt'>[] = [
    { action: 'service.approved', targetType: 'service', targetId: first!.id, summary: first!.title, summaryAr: first!.titleAr, reason: null },
    { action: 'service_revision.approved', targetType: 'service', targetId: second!.id, summary: second!.title, summaryAr: second!.titleAr, reason: null },
    ...(review
      ? [
          { action: 'review.hidden' as const, targetType: 'review' as const, targetId: review.id, summary: `${review.authorName}: ${first!.title}`, summaryAr: `${review.authorName}: ${first!.titleAr}`, reason: 'بلاغ عن لغة مسيئة، قيد المراجعة' },
          { action: 'review.shown' as const, targetType: 'review' as const, targetId: review.id, summary: `${review.authorName}: ${first!.title}`, summaryAr: `${review.authorName}: ${first!.titleAr}`, reason: null },
        ]
      : []),
  ];
  // Oldest first, a few days apart, the last one a few hours ago.
  const hoursAgo = [24 * 21, 24 * 9 + 3, 30, 6];
  await manager.insert(
    AdminAuditEntry,
    entries.map((entry, k) => ({
      ...entry,
      id: `${DEMO_PREFIX}b800-${String(k + 1).padStart(12, '0')}`,
      actorId: admin.id,
      actorEmail: admin.email,
      createdAt: new Date(now.getTime() - hoursAgo[k]! * HOUR_MS),
    })),
  );
}

/** The demo client's saved services and providers, dated relative to now (a new day moves them along). */
async function insertFavourites(manager: EntityManager, favourites: DemoFavourite[], now: Date) {
  for (const { clientId, kind, targetId, daysAgo } of favourites) {
    await manager.delete(Favourite, { clientId, kind, targetId });
    await manager.insert(Favourite, { clientId, kind, targetId, createdAt: new Date(now.getTime() - daysAgo * 24 * HOUR_MS) });
  }
}

async function insertMissing<T extends { id: string }>(manager: EntityManager, target: new () => T, row: T) {
  if (!(await manager.existsBy(target, { id: row.id } as never))) await manager.insert(target, row as never);
}

async function insertPendingApplication(manager: EntityManager, demo: ReturnType<typeof demoActivity>['pendingApplication'], now: Date) {
  // Someone who has since applied (or been approved) themselves keeps their own application.
  if (await manager.existsBy(ProviderApplication, { userId: demo.user.id })) return;
  await manager.insert(ProviderApplication, {
    id: demo.id,
    userId: demo.user.id,
    pendingUserId: demo.user.id,
    status: 'pending',
    businessName: demo.businessName,
    ownerName: `${demo.user.firstName} ${demo.user.lastName}`,
    email: demo.user.email,
    phone: demo.phone,
    businessAddress: demo.businessAddress,
    city: demo.city,
    businessType: demo.businessType,
    experience: demo.experience,
    description: demo.description,
    licenseNumber: null,
    insuranceInfo: demo.insuranceInfo,
    hasLicense: false,
    hasInsurance: true,
    language: demo.user.language,
    rejectionReason: null,
    reviewedBy: null,
    reviewedAt: null,
    createdAt: new Date(now.getTime() - demo.daysAgo * 24 * HOUR_MS),
  });
  // Checked like an upload: the stored type is what the bytes are.
  const image = await checkImage(`data:;base64,${(await readFile(demoPhotoPath(demo.idCard))).toString('base64')}`, 'ID card');
  await manager.insert(ProviderDocument, {
    id: demo.id.replace('-b400-', '-b410-'),
    applicationId: demo.id,
    kind: 'id_card_front',
    contentType: image.contentType,
    bytes: image.data.length,
    data: image.data,
  });
}
