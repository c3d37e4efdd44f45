import { Inject, Injectable } from '@nestjs/common';
import { addCalendarDays, BOOKING_SLOTS } from '@khidma/contracts';
import { SERVICE_CONFIG, weekdayOf, zonedToday, zonedToInstant } from '@khidma/nest-kit';
import { type EntityManager, In } from 'typeorm';
import type { Provider } from '../catalogue/entities/provider.entity.js';
import type { BookingConfig } from '../config.js';
import { type SlotContext, slotProblem } from './booking-rules.js';
import { BookingSlot } from './entities/booking-slot.entity.js';

type CalendarProvider = Pick<Provider, 'id' | 'weeklyAvailability'>;

/** A provider and how many hours a booking of theirs would claim. */
export interface FreeSlotQuestion {
  provider: CalendarProvider;
  hours: number;
}

/**
 * The booking rules' view of a provider's days: opening hours, claimed hours and "now" in the
 * marketplace's zone. The booking form, the availability picker and "available this week" on
 * favourites all ask it, so a slot is free in one place exactly when it is free in the others.
 */
@Injectable()
export class SlotCalendar {
  constructor(@Inject(SERVICE_CONFIG) private readonly config: BookingConfig) {}

  /** One day of `provider` for a booking of `hours` hours; `excludeBookingId`'s own hours count as free. */
  async day(manager: EntityManager, provider: CalendarProvider, date: string, hours: number, now: Date, excludeBookingId?: string): Promise<SlotContext> {
    const claims = await manager.findBy(BookingSlot, { providerId: provider.id, slotDate: date });
    return this.context(provider, date, hours, now, new Set(claims.filter((c) => c.bookingId !== excludeBookingId).map((c) => c.slotTime)));
  }

  /** Today and the `days - 1` days after it, in the marketplace's zone. */
  comingDays(now: Date, days: number): string[] {
    const today = zonedToday(now, this.config.MARKETPLACE_TIMEZONE);
    return Array.from({ length: days }, (_, i) => addCalendarDays(today, i));
  }

  /**
   * For each question, whether a booking could start at some slot in the coming `days` days (today
   * included, past hours not). Every provider's claims over those days are read in one query.
   */
  async hasFreeSlot(manager: EntityManager, questions: readonly FreeSlotQuestion[], now: Date, days: number): Promise<boolean[]> {
    if (questions.length === 0) return [];
    const dates = this.comingDays(now, days);
    const providerIds = [...new Set(questions.map((q) => q.provider.id))];
    const claims = await manager.findBy(BookingSlot, { providerId: In(providerIds), slotDate: In(dates) });
    const taken = new Map<string, Set<string>>();
    for (const claim of claims) {
      const key = `${claim.providerId} ${claim.slotDate}`;
      if (!taken.has(key)) taken.set(key, new Set());
      taken.get(key)!.add(claim.slotTime);
    }
    return questions.map(({ provider, hours }) =>
      dates.some((date) => {
        const context = this.context(provider, date, hours, now, taken.get(`${provider.id} ${date}`) ?? new Set());
        return BOOKING_SLOTS.some((time) => slotProblem(time, context) === null);
      }),
    );
  }

  private context(provider: CalendarProvider, date: string, hours: number, now: Date, taken: ReadonlySet<string>): SlotContext {
    const zone = this.config.MARKETPLACE_TIMEZONE;
    return {
      date,
      weekday: weekdayOf(date),
      availability: provider.weeklyAvailability,
      hours,
      startsAt: (time) => zonedToInstant(date, time, zone),
      now,
      taken,
    };
  }
}
