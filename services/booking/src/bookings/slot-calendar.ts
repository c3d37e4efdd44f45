import { Inject, Injectable } from '@nestjs/common';
import { addCalendarDays, type Region, regionOfTimeZone, regionOr } from '@khidma/contracts';
import { SERVICE_CONFIG, zonedToday } from '@khidma/nest-kit';
import { type EntityManager, In, LessThanOrEqual, MoreThanOrEqual } from 'typeorm';
import type { Provider } from '../catalogue/entities/provider.entity.js';
import type { BookingConfig } from '../config.js';
import { ProviderSpecialHours } from '../regional/provider-special-hours.entity.js';
import { carriedInto, daySlots, type DeclaredHours, openingOn, type SlotContext } from './booking-rules.js';
import { BookingSlot } from './entities/booking-slot.entity.js';

type CalendarProvider = Pick<Provider, 'id' | 'weeklyAvailability' | 'region'>;

/** A provider and how many hours a booking of theirs would claim. */
export interface FreeSlotQuestion {
  provider: CalendarProvider;
  hours: number;
}

/**
 * The booking rules' view of a provider's days: opening hours (weekly, or declared for a date range,
 * possibly past midnight), claimed hours and "now" in the provider's region zone — the booking happens
 * where the provider works. The booking form, the availability picker and "available this week" on
 * favourites all ask it, so a slot is free in one place exactly when it is free in the others.
 */
@Injectable()
export class SlotCalendar {
  constructor(@Inject(SERVICE_CONFIG) private readonly config: BookingConfig) {}

  /** The marketplace's default region: the one of MARKETPLACE_TIMEZONE. */
  get defaultRegion(): Region {
    return regionOfTimeZone(this.config.MARKETPLACE_TIMEZONE);
  }

  /** The region a provider works in (theirs, or the marketplace's default). */
  regionOf(provider: Pick<Provider, 'region'>): Region {
    return regionOr(provider.region, this.defaultRegion);
  }

  /** Today in the provider's region zone. */
  todayOf(provider: Pick<Provider, 'region'>, now: Date): string {
    return zonedToday(now, this.regionOf(provider).timeZone);
  }

  /** One day of `provider` for a booking of `hours` hours; `excludeBookingId`'s own hours count as free. */
  async day(manager: EntityManager, provider: CalendarProvider, date: string, hours: number, now: Date, excludeBookingId?: string): Promise<SlotContext> {
    const [claims, declared] = await Promise.all([
      manager.findBy(BookingSlot, { providerId: provider.id, slotDate: In([date, addCalendarDays(date, 1)]) }),
      this.declaredAround(manager, [provider.id], [date]),
    ]);
    const taken = new Set(claims.filter((c) => c.bookingId !== excludeBookingId).map((c) => `${c.slotDate} ${c.slotTime}`));
    return this.context(provider, date, hours, now, taken, declared.get(provider.id) ?? []);
  }

  /** Today and the `days - 1` days after it, in `provider`'s zone. */
  comingDays(provider: Pick<Provider, 'region'>, now: Date, days: number): string[] {
    const today = this.todayOf(provider, now);
    return Array.from({ length: days }, (_, i) => addCalendarDays(today, i));
  }

  /**
   * For each question, whether a booking could start at some slot in the coming `days` days (today
   * included, past hours not). Every provider's claims and declared hours are read in one query each.
   */
  async hasFreeSlot(manager: EntityManager, questions: readonly FreeSlotQuestion[], now: Date, days: number): Promise<boolean[]> {
    if (questions.length === 0) return [];
    const datesOf = new Map(questions.map(({ provider }) => [provider.id, this.comingDays(provider, now, days)]));
    const allDates = [...new Set([...datesOf.values()].flat())];
    const claimDates = [...new Set(allDates.flatMap((date) => [date, addCalendarDays(date, 1)]))];
    const providerIds = [...datesOf.keys()];
    const [claims, declared] = await Promise.all([
      manager.findBy(BookingSlot, { providerId: In(providerIds), slotDate: In(claimDates) }),
      this.declaredAround(manager, providerIds, allDates),
    ]);
    const taken = new Map<string, Set<string>>();
    for (const claim of claims) {
      if (!taken.has(claim.providerId)) taken.set(claim.providerId, new Set());
      taken.get(claim.providerId)!.add(`${claim.slotDate} ${claim.slotTime}`);
    }
    return questions.map(({ provider, hours }) =>
      datesOf.get(provider.id)!.some((date) => {
        const context = this.context(provider, date, hours, now, taken.get(provider.id) ?? new Set(), declared.get(provider.id) ?? []);
        return daySlots(context).some((slot) => slot.available);
      }),
    );
  }

  /** Declared hours of the providers touching the days before `dates` through their end, by provider. */
  private async declaredAround(manager: EntityManager, providerIds: string[], dates: string[]): Promise<Map<string, DeclaredHours[]>> {
    const sorted = [...dates].sort();
    const rows = await manager.findBy(ProviderSpecialHours, {
      providerId: In(providerIds),
      startDate: LessThanOrEqual(sorted.at(-1)!),
      endDate: MoreThanOrEqual(addCalendarDays(sorted[0]!, -1)),
    });
    const byProvider = new Map<string, DeclaredHours[]>();
    for (const row of rows.sort((a, b) => a.startDate.localeCompare(b.startDate))) {
      if (!byProvider.has(row.providerId)) byProvider.set(row.providerId, []);
      byProvider.get(row.providerId)!.push(row);
    }
    return byProvider;
  }

  private context(
    provider: CalendarProvider,
    date: string,
    hours: number,
    now: Date,
    taken: ReadonlySet<string>,
    declared: readonly DeclaredHours[],
  ): SlotContext {
    return {
      date,
      zone: this.regionOf(provider).timeZone,
      opening: openingOn(date, provider.weeklyAvailability, declared),
      carriedOver: carriedInto(openingOn(addCalendarDays(date, -1), provider.weeklyAvailability, declared)),
      hours,
      now,
      taken,
    };
  }
}
