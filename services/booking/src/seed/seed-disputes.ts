import { DEMO_ACCOUNTS, DEMO_SERVICES, type DemoBooking } from '@khidma/demo-data';
import type { DisputeReason } from '@khidma/contracts';
import type { EntityManager } from 'typeorm';
import { bookingEventPayload } from '../bookings/booking.events.js';
import { Booking } from '../bookings/entities/booking.entity.js';
import { centsToMoney, toCents } from '../bookings/money.js';
import { Provider } from '../catalogue/entities/provider.entity.js';
import { disputeNotifications } from '../disputes/dispute-notifications.handler.js';
import type { DisputeEventType } from '../disputes/dispute.events.js';
import { Dispute } from '../disputes/entities/dispute.entity.js';
import { DisputeMessage } from '../disputes/entities/dispute-message.entity.js';
import { Notification } from '../notifications/entities/notification.entity.js';
import { Payment } from '../payments/entities/payment.entity.js';

const HOUR_MS = 3_600_000;
const DEMO_PREFIX = '00000000-0000-4000-';
const demoId = (kind: 'b950' | 'b960' | 'b970', n: number) => `${DEMO_PREFIX}${kind}-${String(n).padStart(12, '0')}`;

type Said = { side: 'client' | 'provider' | 'admin'; hours: number; en: string; ar: string };
interface DemoDispute {
  slug: string;
  reason: DisputeReason;
  /** Share of the paid amount the client asks back, and (resolved) what the admin refunds. */
  requested: number;
  refunded: number | null;
  messages: Said[];
}

/**
 * The demo client's disputes, relative to her bookings as seeded: the latest job's is open (opened the
 * day after it, within the 72 h), the leak repair's was decided with a partial refund.
 */
const DEMO_DISPUTES: DemoDispute[] = [
  {
    slug: 'furniture-assembly',
    reason: 'damage',
    requested: 0.5,
    refunded: null,
    messages: [
      {
        side: 'client',
        hours: 20,
        en: 'The wardrobe door was scratched during assembly and one hinge is loose. I would like part of the price back.',
        ar: 'خُدش باب الخزانة أثناء التركيب وإحدى المفصلات غير مثبتة. أرغب في استرداد جزء من المبلغ.',
      },
    ],
  },
  {
    slug: 'leak-repair',
    reason: 'poor_quality',
    requested: 0.5,
    refunded: 0.3,
    messages: [
      {
        side: 'client',
        hours: 18,
        en: 'The pipe under the sink started dripping again the next morning.',
        ar: 'عاد الأنبوب تحت المغسلة إلى التنقيط صباح اليوم التالي.',
      },
      {
        side: 'provider',
        hours: 30,
        en: 'Sorry about that. The old valve is worn; I replaced the seal, but the valve itself needs changing.',
        ar: 'نعتذر عن ذلك. الصمام القديم متآكل؛ استبدلت الحشوة لكن الصمام نفسه يحتاج إلى تغيير.',
      },
      {
        side: 'admin',
        hours: 60,
        en: 'Part of the job did not hold: 30% of the price is refunded. The valve replacement is a separate job.',
        ar: 'لم يصمد جزء من العمل: أُعيد 30٪ من السعر. استبدال الصمام عمل منفصل.',
      },
    ],
  },
];

/**
 * Writes the demo client's disputes (with their messages, the partial refund on the payment and both
 * parties' notifications) on her completed bookings that were written. Run in seedActivity's
 * transaction, after the bookings and payments.
 */
export async function insertDisputes(manager: EntityManager, bookings: DemoBooking[], written: Set<string>, now: Date): Promise<number> {
  let count = 0;
  for (const [n, demo] of DEMO_DISPUTES.entries()) {
    const serviceId = DEMO_SERVICES.find((s) => s.slug === demo.slug)?.id;
    const plan = bookings.find((b) => b.client.id === DEMO_ACCOUNTS.client.id && b.serviceId === serviceId && b.status === 'completed');
    if (!plan || !written.has(plan.id)) continue;
    const booking = await manager.findOneByOrFail(Booking, { id: plan.id });
    const charge = await manager.findOneBy(Payment, { bookingId: booking.id, status: 'succeeded' });
    if (!booking.completedAt || !charge) continue;
    const provider = await manager.findOneByOrFail(Provider, { id: booking.providerId });
    const at = (hours: number) => new Date(booking.completedAt!.getTime() + hours * HOUR_MS);
    const paid = toCents(charge.amount);
    const refunded = demo.refunded === null ? null : centsToMoney(Math.round(paid * demo.refunded));
    const providerAnswer = demo.messages.find((m) => m.side === 'provider');
    const decision = demo.messages.find((m) => m.side === 'admin');
    const language = booking.clientLanguage;
    const dispute: Dispute = {
      id: demoId('b950', n),
      bookingId: booking.id,
      clientId: booking.clientId,
      providerId: provider.id,
      reason: demo.reason,
      status: decision ? 'resolved' : providerAnswer ? 'provider_responded' : 'open',
      outcome: decision ? 'partial_refund' : null,
      requestedAmount: centsToMoney(Math.round(paid * demo.requested)),
      refundedAmount: refunded,
      decisionNote: decision ? decision[language] : null,
      decidedBy: decision ? DEMO_ACCOUNTS.admin.id : null,
      createdAt: at(demo.messages[0]!.hours),
      respondedAt: providerAnswer ? at(providerAnswer.hours) : null,
      resolvedAt: decision ? at(decision.hours) : null,
    };
    await manager.insert(Dispute, { ...dispute });
    for (const [k, message] of demo.messages.entries()) {
      const authorId = message.side === 'client' ? booking.clientId : message.side === 'provider' ? provider.userId : DEMO_ACCOUNTS.admin.id;
      // Each writes in their own language; the admin answers in the client's.
      const text = message.side === 'provider' ? message[provider.language] : message[language];
      await manager.insert(DisputeMessage, { id: demoId('b960', n * 10 + k), disputeId: dispute.id, authorId, side: message.side, text, createdAt: at(message.hours) });
    }
    if (refunded) {
      await manager.update(Payment, { id: charge.id }, { refundedAmount: refunded });
      await manager.update(Booking, { id: booking.id }, { refundedAmount: refunded });
    }
    // What both parties were told at each step, in their languages, read after a day.
    const steps: [DisputeEventType, Said][] = demo.messages.map((m, k) => [k === 0 ? 'dispute.opened' : m.side === 'admin' ? 'dispute.decided' : 'dispute.replied', m]);
    const rows: Notification[] = [];
    for (const [k, [type, message]] of steps.entries()) {
      const payload = { ...bookingEventPayload(booking, provider, message.side), disputeId: dispute.id, outcome: type === 'dispute.decided' ? dispute.outcome : null, refundedAmount: type === 'dispute.decided' ? refunded : null };
      disputeNotifications(type, payload, at(message.hours)).forEach(({ recipient, ...row }) => {
        rows.push({ ...row, id: demoId('b970', n * 100 + k * 10 + (recipient === 'client' ? 0 : 1)), isRead: now.getTime() - at(message.hours).getTime() > 24 * HOUR_MS });
      });
    }
    await manager.insert(Notification, rows);
    count++;
  }
  return count;
}

/** Removes the previous day's demo disputes (and those people opened on demo bookings). */
export async function removeDisputes(manager: EntityManager, bookingIds: string[]): Promise<void> {
  const disputes = await manager
    .createQueryBuilder(Dispute, 'd')
    .select('d.id', 'id')
    .where('d.id LIKE :demo', { demo: `${DEMO_PREFIX}b950-%` })
    .orWhere('d.bookingId IN (:...bookingIds)', { bookingIds })
    .getRawMany<{ id: string }>();
  const ids = disputes.map((d) => d.id);
  if (ids.length) {
    for (const table of ['dispute_photos', 'dispute_messages']) {
      await manager.createQueryBuilder().delete().from(table).where('disputeId IN (:...ids)', { ids }).execute();
    }
    await manager.createQueryBuilder().delete().from(Dispute).where('id IN (:...ids)', { ids }).execute();
  }
  await manager.createQueryBuilder().delete().from(Notification).where('id LIKE :demo', { demo: `${DEMO_PREFIX}b970-%` }).execute();
}
