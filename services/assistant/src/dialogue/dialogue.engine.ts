import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { BOOKING_LIST_LIMITS, BOOKING_TABS, type BookingDto, formatCalendarDay, formatMoney, isRegionCode, type Language, notificationText, PHONE_PATTERN, type RegionCode, REGIONS, regionOfTimeZone, type ServiceSummaryDto, type WeekDay } from '@khidma/contracts';
import { Clock, SERVICE_CONFIG, zonedToday } from '@khidma/nest-kit';
import { Repository } from 'typeorm';
import { ActionFailed, type Actor, ActionsService, ConfirmationRefused } from '../actions/actions.service.js';
import { ANSWERS, followUps } from '../chat/engines/knowledge.js';
import type { AssistantConfig } from '../config.js';
import type { Entities } from '../nlu/entities.js';
import { normalizeText } from '../nlu/normalize.js';
import { type Intent, NaturalLanguage } from '../nlu/nlu.js';
import { PublicApiError } from '../tools/public-api.js';
import { parseToolParameters, type ToolName, type ToolResult } from '../tools/tool-catalogue.js';
import type { AssistantReply, BookingChoice, DialogueState, ServiceChoice } from './dialogue.types.js';
import { AssistantSession } from './entities/assistant-session.entity.js';
import { askTime, BOOKING_STATUS_WORDS, CANCEL_WORDS, commaList, CONFIRM_WORDS, outsideHours, PAYMENT_STATUS_WORDS, priceLabel, slotNotFree, T } from './texts.js';

export interface DialogueInput {
  message: string;
  language: Language;
  actor: Actor;
  /** Set by the action endpoint: the intent the caller already chose. */
  forcedIntent?: Intent;
  bookingId?: string;
  /** The language model failed: tell the user once per session that the built-in engine answers. */
  modelDown?: boolean;
}

const FAQ: Partial<Record<Intent, keyof typeof ANSWERS>> = {
  greeting: 'greeting',
  faq_booking: 'booking',
  faq_cancel: 'cancel',
  faq_payment: 'payment',
  faq_provider: 'provider',
  faq_categories: 'categories',
  faq_pricing: 'pricing',
  faq_contact: 'contact',
  faq_emergency: 'emergency',
};

/** Intents that act for, or read the data of, the signed-in user. */
const PERSONAL: Intent[] = ['book_service', 'cancel_booking', 'reschedule_booking', 'my_bookings', 'my_notifications', 'provider_jobs', 'provider_accept', 'provider_start', 'provider_complete', 'admin_pending'];
const UPCOMING = new Set<string>(BOOKING_TABS.upcoming);
const DAY_PARTS = { morning: ['09:00', '12:00'], afternoon: ['12:00', '17:00'], evening: ['16:00', '23:00'] } as const;
const CONFIRM = new Set(CONFIRM_WORDS.map(normalizeText));
const CANCEL = new Set(CANCEL_WORDS.map(normalizeText));
const wholeMessage = (message: string) => normalizeText(message).replace(/[.!?؟،,]+$/g, '').trim();

const loc = (language: Language, en: string, ar: string) => (language === 'ar' ? ar : en);
const pick = <T extends { [K in Language]: string }>(text: T, language: Language) => text[language];

/**
 * The embedded assistant: understands a message (NLU), keeps the task of the session and its slots,
 * asks for what is missing one question at a time, reads through the tool catalogue as the user,
 * and turns every change into a proposal that only a confirmation can carry out.
 */
@Injectable()
export class DialogueEngine implements OnModuleInit {
  private readonly logger = new Logger('DialogueEngine');
  private nl!: NaturalLanguage;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: AssistantConfig,
    private readonly actions: ActionsService,
    private readonly clock: Clock,
    @InjectRepository(AssistantSession) private readonly sessions: Repository<AssistantSession>,
  ) {}

  async onModuleInit() {
    this.nl = await NaturalLanguage.train();
  }

  /**
   * Spec §5 for any engine: when a proposal waits, a whole-message confirm or cancel word settles it.
   * Null when nothing waits or the message is something else (the engine then reads it).
   */
  async settlePending(input: DialogueInput): Promise<AssistantReply | null> {
    const state = await this.load(input.actor);
    const word = wholeMessage(input.message);
    if (!state.pending || (!CONFIRM.has(word) && !CANCEL.has(word))) return null;
    const reply = await this.step(input, state);
    await this.save(input.actor, state);
    return { ...reply, language: input.language };
  }

  /** The public API as this actor (for the language model's read tools). */
  api(actor: Actor) {
    return this.actions.api(actor);
  }

  private get today() {
    return zonedToday(this.clock.now(), this.config.MARKETPLACE_TIMEZONE);
  }

  /**
   * The calendar a message's dates are read in: the client's region (zone and weekend) when known,
   * else the marketplace's zone with its region's weekend.
   */
  private calendarOf(region: RegionCode | undefined): { timeZone: string; weekend: readonly WeekDay[] } {
    if (isRegionCode(region)) return { timeZone: REGIONS[region].timeZone, weekend: REGIONS[region].weekend };
    return { timeZone: this.config.MARKETPLACE_TIMEZONE, weekend: regionOfTimeZone(this.config.MARKETPLACE_TIMEZONE).weekend };
  }

  async reply(input: DialogueInput): Promise<AssistantReply> {
    const state = await this.load(input.actor);
    let reply: AssistantReply;
    try {
      reply = await this.step(input, state);
    } catch (error) {
      // The public API down or refusing a read: say so, keep the memory as it was before this message.
      if (!(error instanceof PublicApiError) && !(error instanceof TypeError) && !(error instanceof DOMException)) throw error;
      this.logger.warn(`Public API call failed: ${String(error)}`);
      return { response: pick(T.unavailable, input.language), language: input.language };
    }
    if (input.modelDown && !state.modelDownNoticed) {
      state.modelDownNoticed = true;
      reply = { ...reply, notice: pick(T.modelDown, input.language) };
    }
    await this.save(input.actor, state);
    return { ...reply, language: input.language };
  }

  private async load(actor: Actor): Promise<DialogueState> {
    const row = await this.sessions.findOneBy({ sessionId: actor.sessionId });
    // Memory belongs to whoever made it: another caller on the same session id starts afresh.
    if (!row || row.userId !== (actor.user?.id ?? null)) return {};
    return JSON.parse(row.state) as DialogueState;
  }

  private async save(actor: Actor, state: DialogueState) {
    await this.sessions.save({ sessionId: actor.sessionId, userId: actor.user?.id ?? null, state: JSON.stringify(state), updatedAt: this.clock.now() });
  }

  private async step(input: DialogueInput, state: DialogueState): Promise<AssistantReply> {
    const { message, language, actor } = input;
    const word = wholeMessage(message);
    if (state.pending) {
      const pending = state.pending;
      if (CONFIRM.has(word)) {
        state.pending = undefined;
        return this.confirm(actor, language, pending.action, pending.parameters, pending.confirmationToken, state);
      }
      if (CANCEL.has(word)) {
        state.pending = undefined;
        state.task = undefined;
        await this.actions.record('refusal', actor, pending.action, pending.parameters, 'declined');
        return { response: pick(T.cancelled, language), suggestions: followUps(null, language) };
      }
      // Anything else leaves the proposal unconfirmed; the message is read as a new request.
      state.pending = undefined;
    }

    if (state.task && CANCEL.has(word)) {
      state.task = undefined;
      return { response: pick(T.cancelled, language), suggestions: followUps(null, language) };
    }
    const understood = await this.nl.understand(message, { now: this.clock.now(), ...this.calendarOf(actor.region) });
    // An address or a phone number is free text: whatever it looks like, it answers the question asked.
    if (state.task?.awaiting === 'address' || state.task?.awaiting === 'phone') {
      return this.continueTask(input, state, { phone: understood.entities.phone }, message);
    }
    const intent = input.forcedIntent ?? understood.intent;
    const entities = understood.entities;
    const task = state.task;
    const continuesTask =
      task?.awaiting && (!intent || understood.score < 0.8 || TASK_INTENT[task.kind] === intent || (task.awaiting === 'service' && intent === 'search_services'));
    if (task && continuesTask) return this.continueTask(input, state, entities, message);

    if (intent && PERSONAL.includes(intent) && !actor.user) {
      await this.actions.record('refusal', actor, intent, entities, 'sign_in_required');
      return { response: pick(T.signIn, language), links: [{ label: loc(language, 'Sign in', 'تسجيل الدخول'), href: '/login?redirect=/chat' }] };
    }
    switch (intent) {
      case 'search_services':
        return this.search(language, actor, entities, state);
      case 'check_availability':
        return this.availability(language, actor, entities, state);
      case 'book_service':
        state.task = { kind: 'book', category: entities.category };
        if (entities.ordinal && state.services?.[entities.ordinal - 1]) state.task.service = state.services[entities.ordinal - 1];
        return this.continueTask(input, state, entities, message);
      case 'cancel_booking':
      case 'reschedule_booking':
        state.task = { kind: intent === 'cancel_booking' ? 'cancel' : 'reschedule', bookingId: input.bookingId };
        return this.continueTask(input, state, entities, message, true);
      case 'my_bookings':
        return this.myBookings(language, actor, entities, state);
      case 'my_notifications':
        return this.notifications(language, actor);
      case 'provider_jobs':
        return this.providerJobs(language, actor, state);
      case 'provider_accept':
      case 'provider_start':
      case 'provider_complete':
        if (actor.user!.role !== 'provider') return { response: pick(T.notProvider, language) };
        state.task = { kind: 'provider_action', transition: intent.slice('provider_'.length) as 'accept' | 'start' | 'complete' };
        return this.continueTask(input, state, entities, message, true);
      case 'admin_pending':
        return this.adminPending(language, actor);
      default: {
        const faq = intent ? FAQ[intent] : undefined;
        if (faq) return { response: ANSWERS[faq][language], suggestions: followUps(faq, language) };
        return { response: pick(T.unknown, language), suggestions: followUps(null, language) };
      }
    }
  }

  private async continueTask(input: DialogueInput, state: DialogueState, entities: Entities, message: string, fresh = false): Promise<AssistantReply> {
    const task = state.task!;
    const { language } = input;
    // An answer to the question asked fills its slot; any date, hour or category said fills theirs too.
    const answer = message.trim();
    const number = /^\s*#?(\d{1,2})\s*$/.exec(answer.replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660)));
    const position = entities.ordinal ?? (number ? Number(number[1]) : undefined);
    if (task.awaiting === 'service' && position && state.services?.[position - 1]) task.service = state.services[position - 1];
    if (task.awaiting === 'booking' && position && state.bookings?.[position - 1]) task.bookingId = state.bookings[position - 1]!.id;
    if (task.awaiting === 'time' && !entities.time && number) {
      const hour = Number(number[1]);
      entities.time = `${String(hour >= 1 && hour <= 7 ? hour + 12 : hour).padStart(2, '0')}:00`;
    }
    if (entities.category && !task.service) task.category = entities.category;
    if (entities.date) task.date = entities.date;
    if (entities.time) task.time = entities.time;
    if (task.awaiting === 'address' && !fresh) task.address = answer.slice(0, 500);
    if (task.awaiting === 'phone' && !fresh) {
      const phone = entities.phone ?? answer;
      if (!PHONE_PATTERN.test(phone.trim())) return { response: pick(T.badPhone, language) };
      task.phone = phone.trim();
    }
    task.awaiting = undefined;
    switch (task.kind) {
      case 'book':
        return this.advanceBooking(input, state, entities);
      case 'cancel':
      case 'reschedule':
      case 'provider_action':
        return this.advanceBookingChange(input, state, entities);
    }
  }

  private async advanceBooking({ language, actor }: DialogueInput, state: DialogueState, entities: Entities): Promise<AssistantReply> {
    const task = state.task!;
    if (!task.service) {
      if (!task.category) {
        task.awaiting = 'service';
        return { response: pick(T.askService, language), suggestions: ['cleaning', 'plumbing', 'electrical'].map((c) => loc(language, `Book ${c}`, `احجز ${c === 'cleaning' ? 'تنظيف' : c === 'plumbing' ? 'سباك' : 'كهربائي'}`)) };
      }
      const list = await this.listServices(language, actor, { category: task.category, sortBy: entities.sortBy ?? 'rating', priceMax: entities.priceMax, limit: 3 }, state);
      if (!state.services?.length) {
        state.task = undefined;
        return list;
      }
      task.awaiting = 'service';
      return { ...list, response: `${list.response}\n${loc(language, 'Which one would you like? Reply with its number.', 'أي واحدة تريد؟ اكتب رقمها.')}` };
    }
    if (!task.date || task.date < this.today) {
      task.awaiting = 'date';
      return { response: pick(T.askDate, language) };
    }
    const availability = await this.actions.read('check_availability', actor, { serviceId: task.service.id, date: task.date });
    const free = availability.slots.filter((slot) => slot.available).map((slot) => slot.time);
    if (!free.length) {
      task.date = undefined;
      task.time = undefined;
      task.awaiting = 'date';
      return { response: `${formatCalendarDay(availability.date, language)}: ${askTime([], language)}` };
    }
    if (!task.time || !free.includes(task.time)) {
      const asked = task.time;
      task.time = undefined;
      task.awaiting = 'time';
      const prefix = asked && !availability.slots.some((slot) => slot.time === asked) ? `${outsideHours(language)} ` : '';
      return {
        response: asked ? prefix + slotNotFree(asked, free, language) : askTime(free, language),
        suggestions: free.slice(0, 4),
      };
    }
    if (!task.address) {
      task.awaiting = 'address';
      return { response: pick(T.askAddress, language) };
    }
    if (!task.phone) {
      task.awaiting = 'phone';
      return { response: pick(T.askPhone, language) };
    }
    const service = task.service;
    // A slot of the evening that runs past midnight is on the next calendar date (its own `date`).
    const slot = availability.slots.find((candidate) => candidate.available && candidate.time === task.time);
    const parameters = {
      serviceId: service.id,
      scheduledDate: slot?.date ?? task.date,
      scheduledTime: task.time,
      clientAddress: task.address,
      clientPhone: task.phone,
      language,
    };
    const summary = this.bookSummary(language, service, parameters, availability.timeZone);
    state.task = undefined;
    return this.proposal(actor, language, 'create_booking', parameters, summary, state);
  }

  private async advanceBookingChange({ language, actor }: DialogueInput, state: DialogueState, entities: Entities): Promise<AssistantReply> {
    const task = state.task!;
    let booking: { id: string; bookingNumber: string; title: string; titleAr: string; date: string; time: string; status: string; paymentStatus: string; total: string; startsAt?: string; actions: BookingDto['actions'] } | undefined;
    if (task.kind === 'provider_action') {
      const jobs = await this.actions.read('provider_jobs', actor, {});
      const row = task.bookingId ? jobs.find((job) => job.id === task.bookingId) : entities.bookingRef ? jobs.find((job) => job.bookingNumber === entities.bookingRef) : undefined;
      const actionable = jobs.filter((job) => job.actions[task.transition!]);
      const chosen = row ?? (actionable.length === 1 ? actionable[0] : undefined);
      if (!chosen) {
        if (!actionable.length) {
          state.task = undefined;
          return { response: pick(T.noJobs, language) };
        }
        state.bookings = actionable.map(({ id, bookingNumber }) => ({ id, bookingNumber }));
        task.awaiting = 'booking';
        return { response: `${pick(T.whichBooking, language)}\n${actionable.map((job, i) => `${i + 1}. ${job.bookingNumber} — ${loc(language, job.service, job.serviceAr)}, ${formatCalendarDay(job.date, language)} ${job.time}, ${job.clientName}`).join('\n')}` };
      }
      booking = { id: chosen.id, bookingNumber: chosen.bookingNumber, title: chosen.service, titleAr: chosen.serviceAr, date: chosen.date, time: chosen.time, status: chosen.status, paymentStatus: chosen.paymentStatus, total: chosen.amount, actions: chosen.actions };
      state.task = undefined;
      if (!chosen.actions[task.transition!]) return { response: pick(T.apiErrors.invalid_transition!, language) };
      const verb = { accept: ['accept', 'قبول'], start: ['start', 'بدء'], complete: ['complete', 'إكمال'] }[task.transition!];
      return this.proposal(actor, language, 'provider_booking_action', { bookingId: chosen.id, action: task.transition }, loc(language, `Please confirm: ${verb[0]} job ${booking.bookingNumber} ("${booking.title}") on ${formatCalendarDay(booking.date, language)} at ${booking.time}, ${formatMoney(booking.total, language, 'amount')}.`, `يرجى التأكيد: ${verb[1]} العمل ${booking.bookingNumber} («${booking.titleAr}») يوم ${formatCalendarDay(booking.date, language)} الساعة ${booking.time}، ${formatMoney(booking.total, language, 'amount')}.`), state, chosen.id);
    }

    const upcoming = await this.upcomingBookings(actor);
    let match: BookingDto | undefined = task.bookingId ? upcoming.find((b) => b.id === task.bookingId) : undefined;
    if (!match && entities.bookingRef) match = await this.bookingByNumber(actor, entities.bookingRef);
    if (!match) {
      const candidates = upcoming.filter((b) => (!task.category || b.service.categorySlug === task.category) && (task.kind !== 'cancel' || !task.date || b.scheduledDate === task.date));
      if (candidates.length === 1) match = candidates[0]!;
      else {
        const shown = candidates.length ? candidates : upcoming;
        if (!shown.length) {
          state.task = undefined;
          return { response: pick(T.noBookings, language), links: [{ label: loc(language, 'Browse services', 'تصفح الخدمات'), href: '/services' }] };
        }
        state.bookings = shown.map(({ id, bookingNumber }): BookingChoice => ({ id, bookingNumber }));
        task.awaiting = 'booking';
        task.category = undefined;
        const head = candidates.length ? pick(T.whichBooking, language) : `${pick(T.noMatch, language)}\n${pick(T.whichBooking, language)}`;
        return { response: `${head}\n${shown.map((b, i) => `${i + 1}. ${this.bookingLine(b, language)}`).join('\n')}` };
      }
    }
    if (!match) return { response: pick(T.noBookings, language) };
    task.bookingId = match.id;
    const line = this.bookingLine(match, language);
    if (task.kind === 'cancel') {
      state.task = undefined;
      if (!match.actions.cancel) return { response: `${line}\n${this.cannotCancel(match, language)}` };
      return this.proposal(
        actor,
        language,
        'cancel_booking',
        { bookingId: match.id, cancellationReason: loc(language, 'Cancelled by the client through the assistant', 'ألغاه العميل عن طريق المساعد') },
        this.cancelSummary(language, match),
        state,
        match.id,
      );
    }
    // Reschedule: the new day and hour, checked against the service's free times (its own slot excluded).
    if (!match.actions.reschedule) {
      state.task = undefined;
      return { response: `${line}\n${pick(T.apiErrors.booking_not_reschedulable!, language)} ${this.cannotCancel(match, language)}` };
    }
    if (!task.date || task.date < this.today) {
      task.awaiting = 'date';
      return { response: `${line}\n${pick(T.askDate, language)}` };
    }
    const availability = await this.actions.read('check_availability', actor, { serviceId: match.serviceId, date: task.date, excludeBookingId: match.id });
    const free = availability.slots.filter((slot) => slot.available).map((slot) => slot.time);
    if (!task.time || !free.includes(task.time)) {
      const asked = task.time;
      task.time = undefined;
      task.awaiting = free.length ? 'time' : 'date';
      if (!free.length) task.date = undefined;
      return { response: asked ? slotNotFree(asked, free, language) : askTime(free, language), suggestions: free.slice(0, 4) };
    }
    const parameters = { bookingId: match.id, scheduledDate: task.date, scheduledTime: task.time };
    const summary = this.rescheduleSummary(language, match, task.date, task.time);
    state.task = undefined;
    return this.proposal(actor, language, 'reschedule_booking', parameters, summary, state, match.id);
  }

  /** `timeZone`: the provider's, where the booking's wall-clock time is read. */
  private bookSummary(language: Language, service: ServiceChoice, p: { scheduledDate: string; scheduledTime: string; clientAddress: string }, timeZone: string) {
    return loc(
      language,
      `Please confirm: book "${service.title}" with ${service.providerName} on ${formatCalendarDay(p.scheduledDate, language)} at ${p.scheduledTime} (${timeZone} time), ${service.duration} min, price ${priceLabel(service.price, service.priceType, language)}, at ${p.clientAddress}. You can cancel free of charge up to 2 hours before it starts, and a paid booking cancelled in time is refunded in full.`,
      `يرجى التأكيد: حجز «${service.titleAr}» لدى ${service.providerNameAr} يوم ${formatCalendarDay(p.scheduledDate, language)} الساعة ${p.scheduledTime} (بتوقيت ${timeZone})، المدة ${service.duration} دقيقة، السعر ${priceLabel(service.price, service.priceType, language)}، في ${p.clientAddress}. يمكنك الإلغاء مجاناً حتى ساعتين قبل البداية، والحجز المدفوع الملغى في الوقت يُسترد كاملاً.`,
    );
  }

  private cancelSummary(language: Language, booking: BookingDto) {
    const refund =
      booking.paymentStatus === 'paid'
        ? loc(language, `You paid ${formatMoney(booking.totalAmount, language, 'amount')}; it will be refunded in full.`, `دفعت ${formatMoney(booking.totalAmount, language, 'amount')}، وسيُسترد المبلغ كاملاً.`)
        : loc(language, 'Nothing has been paid, so there is nothing to refund.', 'لم يُدفع شيء، لذلك لا يوجد مبلغ لاسترداده.');
    const line = this.bookingLine(booking, language);
    return loc(language, `Please confirm: cancel ${line}. ${refund}`, `يرجى التأكيد: إلغاء ${line}. ${refund}`);
  }

  private rescheduleSummary(language: Language, booking: BookingDto, date: string, time: string) {
    const line = this.bookingLine(booking, language);
    return loc(
      language,
      `Please confirm: move ${line} to ${formatCalendarDay(date, language)} at ${time}. The price stays ${formatMoney(booking.totalAmount, language, 'amount')}.`,
      `يرجى التأكيد: نقل ${line} إلى ${formatCalendarDay(date, language)} الساعة ${time}. يبقى السعر ${formatMoney(booking.totalAmount, language, 'amount')}.`,
    );
  }

  /**
   * A change a language model asked for: its parameters validated by the tool's schema, described
   * from the API's own data (never from the model's words), and proposed like any other.
   */
  async proposeFromModel(actor: Actor, language: Language, action: ToolName, parameters: unknown): Promise<AssistantReply> {
    if (!actor.user) {
      await this.actions.record('refusal', actor, action, parameters, 'sign_in_required');
      return { response: pick(T.signIn, language) };
    }
    const valid = parseToolParameters(action, parameters) as Record<string, string>;
    const api = this.actions.api(actor);
    let summary: string;
    if (action === 'create_booking') {
      const { timeZone } = await this.actions.read('check_availability', actor, { serviceId: valid.serviceId!, date: valid.scheduledDate! });
      summary = this.bookSummary(language, this.toChoice(await api.service(valid.serviceId!)), valid as never, timeZone);
    } else {
      const booking = await api.booking(valid.bookingId!);
      if (action === 'cancel_booking') {
        if (!booking.actions.cancel) return { response: `${this.bookingLine(booking, language)}\n${this.cannotCancel(booking, language)}` };
        summary = this.cancelSummary(language, booking);
      } else if (action === 'reschedule_booking') {
        if (!booking.actions.reschedule) return { response: pick(T.apiErrors.booking_not_reschedulable!, language) };
        summary = this.rescheduleSummary(language, booking, valid.scheduledDate!, valid.scheduledTime!);
      } else {
        summary = loc(language, `Please confirm: ${valid.action} job ${this.bookingLine(booking, language)}.`, `يرجى التأكيد: ${valid.action} العمل ${this.bookingLine(booking, language)}.`);
      }
    }
    const state = await this.load(actor);
    const reply = await this.proposal(actor, language, action, valid, summary, state, valid.bookingId);
    await this.save(actor, state);
    return reply;
  }

  private cannotCancel(booking: BookingDto, language: Language): string {
    if (UPCOMING.has(booking.status) && booking.status !== 'in_progress') return pick(T.apiErrors.cancellation_too_late!, language);
    return pick(T.apiErrors.booking_not_cancellable!, language);
  }

  private bookingLine(b: BookingDto, language: Language) {
    const states = commaList([pick(BOOKING_STATUS_WORDS[b.status], language), pick(PAYMENT_STATUS_WORDS[b.paymentStatus], language)], language);
    return loc(
      language,
      `${b.bookingNumber} — ${b.service.title} with ${b.provider.businessName}, ${formatCalendarDay(b.scheduledDate, language)} at ${b.scheduledTime}, ${formatMoney(b.totalAmount, language, 'amount')} (${states})`,
      `${b.bookingNumber} — ${b.service.titleAr} لدى ${b.provider.businessNameAr}، ${formatCalendarDay(b.scheduledDate, language)} الساعة ${b.scheduledTime}، ${formatMoney(b.totalAmount, language, 'amount')} (${states})`,
    );
  }

  private async proposal(actor: Actor, language: Language, action: ToolName, parameters: Record<string, unknown>, summary: string, state: DialogueState, bookingId?: string): Promise<AssistantReply> {
    const proposal = await this.actions.propose(actor, action, parameters);
    state.pending = { action, parameters: proposal.parameters, confirmationToken: proposal.confirmationToken };
    return {
      response: `${summary}\n${pick(T.hint, language)}`,
      requiresConfirmation: true,
      confirmationMessage: summary,
      confirmationToken: proposal.confirmationToken,
      action,
      parameters: proposal.parameters,
      expiresAt: proposal.expiresAt,
      bookingId,
      suggestions: [loc(language, 'yes', 'نعم'), loc(language, 'no', 'لا')],
    };
  }

  /** Runs a confirmed proposal (from the widget's "yes", a Confirm button or the action endpoints). */
  async confirm(actor: Actor, language: Language, action: string, parameters: unknown, token: string, state?: DialogueState): Promise<AssistantReply> {
    try {
      const { result } = await this.actions.confirm(actor, action, parameters, token);
      if (state) state.task = undefined;
      return { ...this.done(language, action as ToolName, result), outcome: 'done' };
    } catch (error) {
      if (error instanceof ConfirmationRefused) return { response: pick(T.refused[error.reason], language), outcome: 'refused' };
      if (error instanceof ActionFailed) {
        const known = T.apiErrors[error.code];
        return { response: known ? pick(known, language) : pick(T.failed, language), outcome: 'failed' };
      }
      throw error;
    }
  }

  private done(language: Language, action: ToolName, result: unknown): AssistantReply {
    switch (action) {
      case 'create_booking': {
        const booking = result as ToolResult<'create_booking'>;
        const pay = `/payment?${new URLSearchParams({ booking_id: booking.id, amount: booking.totalAmount, service: booking.serviceTitle })}`;
        return {
          response: loc(
            language,
            `Booked: ${booking.bookingNumber}, "${booking.service.title}" on ${formatCalendarDay(booking.scheduledDate, language)} at ${booking.scheduledTime}, total ${formatMoney(booking.totalAmount, language, 'amount')}. You can pay now or later from My Bookings.`,
            `تم الحجز: ${booking.bookingNumber}، «${booking.service.titleAr}» يوم ${formatCalendarDay(booking.scheduledDate, language)} الساعة ${booking.scheduledTime}، الإجمالي ${formatMoney(booking.totalAmount, language, 'amount')}. يمكنك الدفع الآن أو لاحقاً من «حجوزاتي».`,
          ),
          bookingId: booking.id,
          links: [
            { label: loc(language, 'Pay now', 'ادفع الآن'), href: pay },
            { label: loc(language, 'View booking', 'عرض الحجز'), href: `/my-bookings/${booking.id}` },
          ],
        };
      }
      case 'cancel_booking': {
        const booking = result as ToolResult<'cancel_booking'>;
        const refund = booking.refund
          ? loc(language, ` ${formatMoney(booking.refund.amount, language, 'amount')} will be refunded.`, ` سيُسترد ${formatMoney(booking.refund.amount, language, 'amount')}.`)
          : loc(language, ' Nothing was paid, so there is no refund.', ' لم يُدفع شيء، فلا يوجد استرداد.');
        return {
          response: loc(language, `Cancelled ${booking.bookingNumber}.${refund}`, `تم إلغاء ${booking.bookingNumber}.${refund}`),
          bookingId: booking.id,
          links: [{ label: loc(language, 'View booking', 'عرض الحجز'), href: `/my-bookings/${booking.id}` }],
        };
      }
      case 'reschedule_booking': {
        const booking = result as ToolResult<'reschedule_booking'>;
        return {
          response: loc(language, `Moved ${booking.bookingNumber} to ${formatCalendarDay(booking.scheduledDate, language)} at ${booking.scheduledTime}.`, `تم نقل ${booking.bookingNumber} إلى ${formatCalendarDay(booking.scheduledDate, language)} الساعة ${booking.scheduledTime}.`),
          bookingId: booking.id,
          links: [{ label: loc(language, 'View booking', 'عرض الحجز'), href: `/my-bookings/${booking.id}` }],
        };
      }
      case 'provider_booking_action': {
        const booking = result as ToolResult<'provider_booking_action'>;
        return {
          response: loc(language, `Done: ${booking.bookingNumber} is now ${pick(BOOKING_STATUS_WORDS[booking.status], language)}.`, `تم: حالة ${booking.bookingNumber} الآن «${pick(BOOKING_STATUS_WORDS[booking.status], language)}».`),
          bookingId: booking.id,
          links: [{ label: loc(language, 'Provider dashboard', 'لوحة المزوّد'), href: '/provider-dashboard' }],
        };
      }
      default:
        return { response: loc(language, 'Action completed successfully.', 'تم تنفيذ الإجراء بنجاح.') };
    }
  }

  private toChoice = (s: ServiceSummaryDto): ServiceChoice => ({
    id: s.id,
    slug: s.slug,
    title: s.title,
    titleAr: s.titleAr,
    price: s.price,
    priceType: s.priceType,
    duration: s.duration,
    providerName: s.provider.name,
    providerNameAr: s.provider.nameAr,
  });

  private async listServices(language: Language, actor: Actor, query: Record<string, unknown>, state: DialogueState): Promise<AssistantReply> {
    const services = await this.actions.read('search_services', actor, Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined)));
    state.services = services.map(this.toChoice);
    if (!services.length) return { response: pick(T.noServices, language), links: [{ label: loc(language, 'All services', 'كل الخدمات'), href: '/services' }] };
    // Titles and names only: a listing's description is data, never read as an instruction or echoed.
    const lines = services.map(
      (s, i) =>
        `${i + 1}. ${loc(language, s.title, s.titleAr)} — ${commaList([loc(language, s.provider.name, s.provider.nameAr), priceLabel(s.price, s.priceType, language), `★ ${s.rating.toFixed(1)} (${s.reviewCount})`], language)}`,
    );
    return {
      response: `${loc(language, 'Here is what I found:', 'هذا ما وجدته:')}\n${lines.join('\n')}`,
      links: services.map((s) => ({ label: loc(language, s.title, s.titleAr), href: `/service/${s.slug}` })),
      suggestions: services.slice(0, 3).map((_, i) => loc(language, `Book number ${i + 1}`, `احجز رقم ${i + 1}`)),
    };
  }

  private search(language: Language, actor: Actor, entities: Entities, state: DialogueState) {
    return this.listServices(language, actor, { category: entities.category, sortBy: entities.sortBy, priceMax: entities.priceMax, priceMin: entities.priceMin, limit: 5 }, state);
  }

  private async availability(language: Language, actor: Actor, entities: Entities, state: DialogueState): Promise<AssistantReply> {
    const date = entities.date ?? this.today;
    const services = entities.category
      ? await this.actions.read('search_services', actor, { category: entities.category, sortBy: 'rating', limit: 3 })
      : [];
    if (!services.length) {
      if (state.services?.length && !entities.category) {
        const chosen = state.services.slice(0, 3);
        return this.freeTimes(language, actor, date, entities, chosen, state);
      }
      return { response: pick(T.askService, language) };
    }
    return this.freeTimes(language, actor, date, entities, services.map(this.toChoice), state);
  }

  private async freeTimes(language: Language, actor: Actor, date: string, entities: Entities, services: ServiceChoice[], state: DialogueState): Promise<AssistantReply> {
    const range = entities.dayPart ? DAY_PARTS[entities.dayPart] : undefined;
    const lines: string[] = [];
    for (const [i, service] of services.entries()) {
      const { slots } = await this.actions.read('check_availability', actor, { serviceId: service.id, date });
      const free = slots.filter((slot) => slot.available && (!range || (slot.time >= range[0] && slot.time < range[1]))).map((slot) => slot.time);
      lines.push(`${i + 1}. ${loc(language, service.title, service.titleAr)} — ${loc(language, service.providerName, service.providerNameAr)}: ${free.length ? commaList(free, language) : loc(language, 'no free times', 'لا أوقات متاحة')}`);
    }
    state.services = services;
    return {
      response: `${formatCalendarDay(date, language)}\n${lines.join('\n')}`,
      suggestions: services.map((_, i) => loc(language, `Book number ${i + 1}`, `احجز رقم ${i + 1}`)),
    };
  }

  private async myBookings(language: Language, actor: Actor, entities: Entities, state: DialogueState): Promise<AssistantReply> {
    const found = entities.bookingRef ? await this.bookingByNumber(actor, entities.bookingRef) : undefined;
    const shown = entities.bookingRef ? (found ? [found] : []) : await this.upcomingBookings(actor);
    state.bookings = shown.map(({ id, bookingNumber }) => ({ id, bookingNumber }));
    if (!shown.length) return { response: pick(T.noBookings, language), links: [{ label: loc(language, 'My Bookings', 'حجوزاتي'), href: '/my-bookings' }] };
    return {
      response: shown.map((b, i) => `${i + 1}. ${this.bookingLine(b, language)}`).join('\n'),
      links: shown.map((b) => ({ label: b.bookingNumber, href: `/my-bookings/${b.id}` })),
    };
  }

  /** The client's upcoming bookings: the first page of the server's Upcoming tab (a chat lists a few, never the history). */
  private async upcomingBookings(actor: Actor): Promise<BookingDto[]> {
    return (await this.actions.read('list_my_bookings', actor, { tab: 'upcoming', limit: BOOKING_LIST_LIMITS.maxLimit })).bookings;
  }

  /** A booking by its number: the first page of each tab in turn (at most three reads; a chat names a recent one). */
  private async bookingByNumber(actor: Actor, bookingNumber: string): Promise<BookingDto | undefined> {
    for (const tab of Object.keys(BOOKING_TABS)) {
      const { bookings } = await this.actions.read('list_my_bookings', actor, { tab, limit: BOOKING_LIST_LIMITS.maxLimit });
      const found = bookings.find((b) => b.bookingNumber === bookingNumber);
      if (found) return found;
    }
    return undefined;
  }

  private async notifications(language: Language, actor: Actor): Promise<AssistantReply> {
    const { notifications, unreadCount } = await this.actions.read('list_notifications', actor, { limit: 5 });
    if (!notifications.length) return { response: pick(T.noNotifications, language) };
    const head = loc(language, `${unreadCount} unread.`, `${unreadCount} غير مقروءة.`);
    return {
      response: `${head}\n${notifications.map((n) => notificationText(n, language)).map(({ title, message }) => `• ${title}: ${message}`).join('\n')}`,
      links: [{ label: loc(language, 'All notifications', 'كل الإشعارات'), href: '/notifications' }],
    };
  }

  private async providerJobs(language: Language, actor: Actor, state: DialogueState): Promise<AssistantReply> {
    if (actor.user!.role !== 'provider') return { response: pick(T.notProvider, language) };
    const jobs = (await this.actions.read('provider_jobs', actor, {})).filter((job) => job.date === this.today || job.status === 'pending');
    state.bookings = jobs.map(({ id, bookingNumber }) => ({ id, bookingNumber }));
    if (!jobs.length) return { response: pick(T.noJobs, language) };
    return {
      response: jobs
        .map(
          (job, i) =>
            `${i + 1}. ${job.bookingNumber} — ${commaList([loc(language, job.service, job.serviceAr), `${formatCalendarDay(job.date, language)} ${job.time}`, job.clientName, `${formatMoney(job.amount, language, 'amount')} (${pick(BOOKING_STATUS_WORDS[job.status], language)})`], language)}`,
        )
        .join('\n'),
      links: [{ label: loc(language, 'Provider dashboard', 'لوحة المزوّد'), href: '/provider-dashboard' }],
    };
  }

  private async adminPending(language: Language, actor: Actor): Promise<AssistantReply> {
    if (actor.user!.role !== 'admin') return { response: pick(T.notAdmin, language) };
    const pending = await this.actions.read('admin_pending', actor, {});
    return {
      response: loc(
        language,
        `${pending.counts.providers} provider application(s) and ${pending.counts.services} service(s) are waiting for review. Decisions are made in the review queue.`,
        `${pending.counts.providers} طلب مزوّد و${pending.counts.services} خدمة بانتظار المراجعة. تُتخذ القرارات من قائمة المراجعة.`,
      ),
      links: [{ label: loc(language, 'Open the review queue', 'افتح قائمة المراجعة'), href: '/admin?tab=pending' }],
    };
  }
}

const TASK_INTENT: Record<NonNullable<DialogueState['task']>['kind'], Intent> = {
  book: 'book_service',
  cancel: 'cancel_booking',
  reschedule: 'reschedule_booking',
  provider_action: 'provider_accept',
};
