import { BOOKING_SLOTS, formatMoney, type BookingStatus, type Language, type PaymentStatus } from '@khidma/contracts';

type L = Record<Language, string>;

/** Whole-message confirm and cancel words (spec §5), English and Arabic, compared after normalising. */
export const CONFIRM_WORDS = ['yes', 'yeah', 'yep', 'sure', 'ok', 'okay', 'confirm', 'confirmed', 'نعم', 'ايوه', 'ايوا', 'اي', 'أكيد', 'اكيد', 'تمام', 'موافق', 'اوكي', 'أكد', 'اكد', 'أؤكد', 'يلا', 'طيب'];
export const CANCEL_WORDS = ['no', 'nope', 'cancel', 'stop', "don't", 'dont', 'لا', 'لأ', 'كلا', 'الغاء', 'إلغاء', 'وقف', 'توقف', 'لا تكمل', 'بلاش'];

export const T = {
  signIn: { en: 'Please sign in to proceed with booking actions.', ar: 'يرجى تسجيل الدخول لمتابعة إجراءات الحجز.' },
  cancelled: {
    en: "I've cancelled that action. Is there anything else you'd like me to help with?",
    ar: 'ألغيت هذا الإجراء. هل هناك شيء آخر تريد مساعدتي فيه؟',
  },
  hint: { en: 'Type "yes" to confirm or "no" to cancel', ar: 'اكتب «نعم» للتأكيد أو «لا» للإلغاء' },
  failed: {
    en: 'Sorry, there was a problem completing that action. Please try again later.',
    ar: 'عذراً، حدثت مشكلة أثناء تنفيذ هذا الإجراء. يرجى المحاولة لاحقاً.',
  },
  modelDown: {
    en: 'The AI model is not answering right now, so the built-in assistant is helping you instead.',
    ar: 'نموذج الذكاء الاصطناعي لا يستجيب الآن، لذلك يساعدك المساعد المدمج بدلاً منه.',
  },
  unavailable: { en: 'Assistant is unavailable. Please try again later.', ar: 'المساعد غير متاح. يرجى المحاولة لاحقاً.' },
  askService: {
    en: 'Which service do you need? For example cleaning, plumbing or electrical work.',
    ar: 'ما الخدمة التي تحتاجها؟ مثلاً التنظيف أو السباكة أو الكهرباء.',
  },
  askDate: { en: 'Which day would you like? (for example "tomorrow" or "Thursday")', ar: 'أي يوم تفضّل؟ (مثلاً «بكرة» أو «الخميس»)' },
  askAddress: { en: 'What is the address where the service should take place?', ar: 'ما هو العنوان الذي ستُقدَّم فيه الخدمة؟' },
  askPhone: { en: 'Which phone number can the provider reach you on?', ar: 'ما رقم الهاتف الذي يتواصل معك عليه المزوّد؟' },
  badPhone: { en: 'That does not look like a phone number. Please type it with digits, e.g. +962 79 123 4567.', ar: 'لا يبدو هذا رقم هاتف. اكتبه بالأرقام، مثل ‎+962 79 123 4567.' },
  noServices: { en: 'I could not find a matching service. Try another category or wording.', ar: 'لم أجد خدمة مطابقة. جرّب فئة أو كلمات أخرى.' },
  noBookings: { en: 'You have no upcoming bookings.', ar: 'ليس لديك حجوزات قادمة.' },
  noMatch: { en: 'I could not find a booking of yours that matches. Here are your upcoming bookings:', ar: 'لم أجد حجزاً لك يطابق ذلك. هذه حجوزاتك القادمة:' },
  whichBooking: { en: 'Which booking do you mean? Reply with its number in the list.', ar: 'أي حجز تقصد؟ اكتب رقمه في القائمة.' },
  noNotifications: { en: 'You have no notifications.', ar: 'لا توجد لديك إشعارات.' },
  noJobs: { en: 'You have no jobs to act on right now.', ar: 'لا توجد لديك أعمال تحتاج إجراءً الآن.' },
  notProvider: { en: 'Only providers have jobs. You can apply at /provider-signup.', ar: 'الأعمال للمزوّدين فقط. يمكنك التقديم من /provider-signup.' },
  notAdmin: { en: 'Only admins can see the review queue.', ar: 'قائمة المراجعة متاحة للمشرفين فقط.' },
  unknown: { en: 'How can I help you with the website?', ar: 'كيف يمكنني مساعدتك في الموقع؟' },
  refused: {
    invalid_token: { en: 'That confirmation is not valid, so nothing was changed.', ar: 'هذا التأكيد غير صالح، لذلك لم يتغير شيء.' },
    expired: { en: 'That proposal has expired, so nothing was changed. Please ask again.', ar: 'انتهت صلاحية هذا الاقتراح، لذلك لم يتغير شيء. اطلب مرة أخرى.' },
    replayed: { en: 'That proposal was already used, so nothing was changed.', ar: 'تم استخدام هذا الاقتراح من قبل، لذلك لم يتغير شيء.' },
    other_user: { en: 'That proposal was made for someone else, so nothing was changed.', ar: 'هذا الاقتراح لمستخدم آخر، لذلك لم يتغير شيء.' },
    other_session: { en: 'That proposal belongs to another conversation, so nothing was changed.', ar: 'هذا الاقتراح يخص محادثة أخرى، لذلك لم يتغير شيء.' },
    mismatch: { en: 'The details do not match what was proposed, so nothing was changed.', ar: 'التفاصيل لا تطابق ما تم اقتراحه، لذلك لم يتغير شيء.' },
    invalid_parameters: { en: 'The details of that action are not valid, so nothing was changed.', ar: 'تفاصيل هذا الإجراء غير صالحة، لذلك لم يتغير شيء.' },
    sign_in_required: { en: 'Please sign in to proceed with booking actions.', ar: 'يرجى تسجيل الدخول لمتابعة إجراءات الحجز.' },
  },
  apiErrors: {
    slot_taken: { en: 'That time was just taken by someone else. Nothing was booked; please pick another time.', ar: 'حُجز هذا الوقت للتو من شخص آخر. لم يتم الحجز؛ اختر وقتاً آخر.' },
    slot_unavailable: { en: 'That time is not available. Nothing was changed; please pick another time.', ar: 'هذا الوقت غير متاح. لم يتغير شيء؛ اختر وقتاً آخر.' },
    cancellation_too_late: { en: 'It is too late to cancel: bookings can be cancelled up to 2 hours before they start.', ar: 'فات وقت الإلغاء: يمكن إلغاء الحجز حتى ساعتين قبل بدايته.' },
    booking_not_cancellable: { en: 'This booking can no longer be cancelled.', ar: 'لم يعد بالإمكان إلغاء هذا الحجز.' },
    booking_not_reschedulable: { en: 'This booking can no longer be rescheduled.', ar: 'لم يعد بالإمكان تغيير موعد هذا الحجز.' },
    invalid_transition: { en: 'That step is not possible for this job in its current state.', ar: 'هذه الخطوة غير ممكنة لهذا العمل في حالته الحالية.' },
  } as Record<string, L>,
} satisfies Record<string, unknown>;

/** Joins the parts of one line of a list, with the comma of the reader's script. */
export const commaList = (parts: string[], language: Language) => parts.join(language === 'ar' ? '، ' : ', ');

/** A booking's state as said in a sentence, never its API code ("in progress", not in_progress). */
export const BOOKING_STATUS_WORDS: Record<BookingStatus, L> = {
  pending: { en: 'pending', ar: 'قيد الانتظار' },
  accepted: { en: 'accepted', ar: 'مقبول' },
  in_progress: { en: 'in progress', ar: 'قيد التنفيذ' },
  completed: { en: 'completed', ar: 'مكتمل' },
  cancelled: { en: 'cancelled', ar: 'ملغى' },
};

export const PAYMENT_STATUS_WORDS: Record<PaymentStatus, L> = {
  pending: { en: 'payment pending', ar: 'بانتظار الدفع' },
  paid: { en: 'paid', ar: 'مدفوع' },
  failed: { en: 'payment failed', ar: 'فشل الدفع' },
  refunded: { en: 'refunded', ar: 'مسترد' },
};

export const priceLabel = (price: number, priceType: string, language: Language) =>
  priceType === 'hourly'
    ? language === 'ar' ? `${formatMoney(price, language)} للساعة` : `${formatMoney(price, language)}/hour`
    : language === 'ar' ? `${formatMoney(price, language)} للمهمة` : `${formatMoney(price, language)}/job`;

export const askTime = (free: string[], language: Language) =>
  free.length
    ? language === 'ar'
      ? `ما الوقت المناسب؟ الأوقات المتاحة: ${commaList(free, language)}`
      : `What time suits you? Free times: ${commaList(free, language)}`
    : language === 'ar'
      ? 'لا توجد أوقات متاحة في ذلك اليوم. اختر يوماً آخر.'
      : 'There are no free times that day. Please pick another day.';

export const slotNotFree = (time: string, free: string[], language: Language) =>
  language === 'ar'
    ? `الساعة ${time} غير متاحة. ${askTime(free, language)}`
    : `${time} is not available. ${askTime(free, language)}`;

export const outsideHours = (language: Language) =>
  language === 'ar'
    ? `المواعيد كل ساعة من ${BOOKING_SLOTS[0]} إلى ${BOOKING_SLOTS.at(-1)}.`
    : `Bookings start on the hour from ${BOOKING_SLOTS[0]} to ${BOOKING_SLOTS.at(-1)}.`;
