import { formatCalendarDay, formatMoney, type BookingActor, type BookingEventType, type Language, type NotificationText } from '@khidma/contracts';
import { type BookingEventPayload, partyNameIn } from '../../bookings/booking.events.js';

/** Which side of a booking a notification is written for (and the last part of its e-mail template). */
export type BookingRecipient = 'client' | 'provider';

/** What a message can say, already in the recipient's language. */
export interface BookingMessageFacts {
  number: string;
  service: string;
  date: string;
  time: string;
  amount: string;
  client: string;
  provider: string;
  /** Who acted, as seen by the recipient ("by you", "by the client" …). */
  by: string;
  /** Sentence about the reason, or empty. */
  reason: string;
  /** Sentence about a refund, or empty. */
  refund: string;
  previousDate: string;
  previousTime: string;
}

type Texts = (facts: BookingMessageFacts) => NotificationText;
type EventTexts = Record<BookingRecipient, Record<Language, Texts>>;

export interface BookingEventRule {
  /**
   * Whether the party who acted hears of it too: a confirmation is useful where the event is a
   * receipt (request sent, payment received, a cancellation with its refund, the new time).
   */
  notifyActor: boolean;
  texts: EventTexts;
}

const BY: Record<Language, Record<BookingActor | 'you', string>> = {
  en: { you: 'by you', client: 'by the client', provider: 'by the provider', admin: 'by Khidma support' },
  ar: { you: 'بطلب منك', client: 'بطلب من العميل', provider: 'من قِبل مقدّم الخدمة', admin: 'من قِبل فريق خدمة' },
};

/** Every booking event, what each side reads, in English and Arabic. The day as the booking's page writes it, the time as stored. */
export const BOOKING_EVENT_RULES: Record<BookingEventType, BookingEventRule> = {
  'booking.created': {
    notifyActor: true,
    texts: {
      client: {
        en: (f) => ({
          title: 'Booking request sent',
          message: `Your booking ${f.number} for ${f.service} on ${f.date} at ${f.time} (${f.amount}) was sent to ${f.provider}. We will let you know when they answer.`,
        }),
        ar: (f) => ({
          title: 'تم إرسال طلب الحجز',
          message: `أُرسل طلب حجزك ${f.number} لخدمة ${f.service} يوم ${f.date} الساعة ${f.time} (${f.amount}) إلى ${f.provider}. سنُعلمك حين يصلنا الرد.`,
        }),
      },
      provider: {
        en: (f) => ({
          title: 'New booking request',
          message: `${f.client} requested ${f.service} on ${f.date} at ${f.time} (${f.amount}). Booking ${f.number} is waiting for your answer.`,
        }),
        ar: (f) => ({
          title: 'طلب حجز جديد',
          message: `طلب ${f.client} خدمة ${f.service} يوم ${f.date} الساعة ${f.time} (${f.amount}). الحجز ${f.number} بانتظار ردّك.`,
        }),
      },
    },
  },
  'booking.accepted': {
    notifyActor: false,
    texts: {
      client: {
        en: (f) => ({
          title: 'Booking accepted',
          message: `${f.provider} accepted your booking ${f.number} for ${f.service} on ${f.date} at ${f.time}.`,
        }),
        ar: (f) => ({
          title: 'تم قبول الحجز',
          message: `قَبِل ${f.provider} حجزك ${f.number} لخدمة ${f.service} يوم ${f.date} الساعة ${f.time}.`,
        }),
      },
      provider: {
        en: (f) => ({
          title: 'Booking accepted',
          message: `Booking ${f.number} from ${f.client} for ${f.service} on ${f.date} at ${f.time} was accepted ${f.by}.`,
        }),
        ar: (f) => ({
          title: 'تم قبول الحجز',
          message: `قُبل الحجز ${f.number} من ${f.client} لخدمة ${f.service} يوم ${f.date} الساعة ${f.time} ${f.by}.`,
        }),
      },
    },
  },
  'booking.declined': {
    notifyActor: false,
    texts: {
      client: {
        en: (f) => ({
          title: 'Booking declined',
          message: `${f.provider} cannot take your booking ${f.number} for ${f.service} on ${f.date} at ${f.time}.${f.reason}${f.refund}`,
        }),
        ar: (f) => ({
          title: 'تم رفض الحجز',
          message: `اعتذر ${f.provider} عن حجزك ${f.number} لخدمة ${f.service} يوم ${f.date} الساعة ${f.time}.${f.reason}${f.refund}`,
        }),
      },
      provider: {
        en: (f) => ({
          title: 'Booking declined',
          message: `Booking ${f.number} from ${f.client} for ${f.service} on ${f.date} at ${f.time} was declined ${f.by}.${f.reason}`,
        }),
        ar: (f) => ({
          title: 'تم رفض الحجز',
          message: `رُفض الحجز ${f.number} من ${f.client} لخدمة ${f.service} يوم ${f.date} الساعة ${f.time} ${f.by}.${f.reason}`,
        }),
      },
    },
  },
  'booking.started': {
    notifyActor: false,
    texts: {
      client: {
        en: (f) => ({ title: 'Service started', message: `${f.provider} started ${f.service} for your booking ${f.number}.` }),
        ar: (f) => ({ title: 'بدأ تنفيذ الخدمة', message: `بدأ ${f.provider} تنفيذ خدمة ${f.service} لحجزك ${f.number}.` }),
      },
      provider: {
        en: (f) => ({ title: 'Service started', message: `Booking ${f.number} for ${f.client} (${f.service}) is now in progress.` }),
        ar: (f) => ({ title: 'بدأ تنفيذ الخدمة', message: `الحجز ${f.number} للعميل ${f.client} (${f.service}) قيد التنفيذ الآن.` }),
      },
    },
  },
  'booking.cancelled': {
    notifyActor: true,
    texts: {
      client: {
        en: (f) => ({
          title: 'Booking cancelled',
          message: `Your booking ${f.number} for ${f.service} on ${f.date} at ${f.time} was cancelled ${f.by}.${f.reason}${f.refund}`,
        }),
        ar: (f) => ({
          title: 'تم إلغاء الحجز',
          message: `أُلغي حجزك ${f.number} لخدمة ${f.service} يوم ${f.date} الساعة ${f.time} ${f.by}.${f.reason}${f.refund}`,
        }),
      },
      provider: {
        en: (f) => ({
          title: 'Booking cancelled',
          message: `Booking ${f.number} from ${f.client} for ${f.service} on ${f.date} at ${f.time} was cancelled ${f.by}.${f.reason}`,
        }),
        ar: (f) => ({
          title: 'تم إلغاء الحجز',
          message: `أُلغي الحجز ${f.number} من ${f.client} لخدمة ${f.service} يوم ${f.date} الساعة ${f.time} ${f.by}.${f.reason}`,
        }),
      },
    },
  },
  'booking.rescheduled': {
    notifyActor: true,
    texts: {
      client: {
        en: (f) => ({
          title: 'Booking rescheduled',
          message: `Your booking ${f.number} for ${f.service} was moved ${f.by} to ${f.date} at ${f.time} (it was ${f.previousDate} at ${f.previousTime}).`,
        }),
        ar: (f) => ({
          title: 'تم تغيير موعد الحجز',
          message: `نُقل حجزك ${f.number} لخدمة ${f.service} ${f.by} إلى يوم ${f.date} الساعة ${f.time} (بدلًا من ${f.previousDate} الساعة ${f.previousTime}).`,
        }),
      },
      provider: {
        en: (f) => ({
          title: 'Booking rescheduled',
          message: `Booking ${f.number} from ${f.client} for ${f.service} was moved ${f.by} to ${f.date} at ${f.time} (it was ${f.previousDate} at ${f.previousTime}).`,
        }),
        ar: (f) => ({
          title: 'تم تغيير موعد الحجز',
          message: `نُقل الحجز ${f.number} من ${f.client} لخدمة ${f.service} ${f.by} إلى يوم ${f.date} الساعة ${f.time} (بدلًا من ${f.previousDate} الساعة ${f.previousTime}).`,
        }),
      },
    },
  },
  'booking.paid': {
    notifyActor: true,
    texts: {
      client: {
        en: (f) => ({
          title: 'Booking confirmed: payment received',
          message: `We received your payment of ${f.amount} for booking ${f.number} (${f.service} on ${f.date} at ${f.time}).`,
        }),
        ar: (f) => ({
          title: 'تم تأكيد الحجز: استلمنا الدفعة',
          message: `استلمنا دفعتك بقيمة ${f.amount} للحجز ${f.number} (${f.service} يوم ${f.date} الساعة ${f.time}).`,
        }),
      },
      provider: {
        en: (f) => ({
          title: 'Payment received',
          message: `${f.client} paid ${f.amount} for booking ${f.number} (${f.service} on ${f.date} at ${f.time}).`,
        }),
        ar: (f) => ({
          title: 'تم استلام الدفعة',
          message: `دفع ${f.client} مبلغ ${f.amount} للحجز ${f.number} (${f.service} يوم ${f.date} الساعة ${f.time}).`,
        }),
      },
    },
  },
  // The client's message is also the reminder to review: it leads to the booking, where the review is written.
  'booking.completed': {
    notifyActor: false,
    texts: {
      client: {
        en: (f) => ({
          title: 'Service completed: how did it go?',
          message: `${f.provider} completed your booking ${f.number} for ${f.service}. Thank you for using Khidma! Please rate it: open the booking and choose Leave a review.`,
        }),
        ar: (f) => ({
          title: 'اكتملت الخدمة: كيف كانت؟',
          message: `أتمّ ${f.provider} حجزك ${f.number} لخدمة ${f.service}. شكرًا لاستخدامك خدمة! نرجو تقييمها: افتح الحجز واختر «اكتب تقييمًا».`,
        }),
      },
      provider: {
        en: (f) => ({ title: 'Booking completed', message: `Booking ${f.number} for ${f.client} (${f.service}, ${f.amount}) is completed.` }),
        ar: (f) => ({ title: 'اكتمل الحجز', message: `اكتمل الحجز ${f.number} للعميل ${f.client} (${f.service}، ${f.amount}).` }),
      },
    },
  },
};

const REASON: Record<Language, (reason: string) => string> = {
  en: (reason) => ` Reason: ${reason}`,
  ar: (reason) => ` السبب: ${reason}`,
};
const REFUND: Record<Language, (amount: string) => string> = {
  en: (amount) => ` A refund of ${amount} is on its way.`,
  ar: (amount) => ` سيُعاد إليك مبلغ ${amount}.`,
};

/** The facts of one event as `recipient` reads them in `language`. */
export function bookingMessageFacts(
  payload: BookingEventPayload,
  recipient: BookingRecipient,
  language: Language,
): BookingMessageFacts {
  const reason = payload.reason?.replace(/\s+/g, ' ').trim();
  // The reason is quoted as typed; a full stop keeps the next sentence apart.
  const sentence = reason && !/[.!?؟]$/.test(reason) ? `${reason}.` : reason;
  return {
    number: payload.bookingNumber,
    service: language === 'ar' ? payload.serviceTitleAr || payload.serviceTitle : payload.serviceTitle,
    date: formatCalendarDay(payload.scheduledDate, language),
    time: payload.scheduledTime,
    amount: formatMoney(payload.totalAmount, language, 'amount'),
    client: payload.client.name,
    provider: partyNameIn(payload.provider, language),
    by: BY[language][payload.actor === recipient ? 'you' : payload.actor],
    reason: sentence ? REASON[language](sentence) : '',
    // Only the client gets money back.
    refund: recipient === 'client' && payload.refundedAmount ? REFUND[language](formatMoney(payload.refundedAmount, language, 'amount')) : '',
    previousDate: formatCalendarDay(payload.previous?.scheduledDate ?? payload.scheduledDate, language),
    previousTime: payload.previous?.scheduledTime ?? payload.scheduledTime,
  };
}
