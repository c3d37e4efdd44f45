import { BadRequestException, ConflictException, HttpException, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import {
  addCalendarDays,
  BOOKING_SLOTS,
  claimedHours,
  type CreateBookingResponse,
  type CreateSeriesResponse,
  SERIES,
  seriesDates,
  type SeriesOccurrencePlan,
  type SeriesPreviewResponse,
  type SeriesSlot,
} from '@khidma/contracts';
import { type AuthUser, Clock } from '@khidma/nest-kit';
import { DataSource, type EntityManager } from 'typeorm';
import type { Provider } from '../catalogue/entities/provider.entity.js';
import { bookingDuration, slotProblem, toMinutes } from '../bookings/booking-rules.js';
import { BookingsService } from '../bookings/bookings.service.js';
import { SlotCalendar } from '../bookings/slot-calendar.js';
import { BookingTransactions } from '../bookings/transactions.js';
import type { CreateSeriesDto, SeriesPlanDto, SeriesResolutionDto } from './dto/series.dto.js';
import { BookingSeries } from './entities/booking-series.entity.js';

const invalidPlan = (code: string, message: string, params?: Record<string, number>) =>
  new BadRequestException({ code, message, ...(params ? { params } : {}) });

/** Codes of a booking refused for its slot: in a series they mean "the plan has a conflict". */
const SLOT_CODES = new Set(['slot_taken', 'slot_unavailable']);
const slotRefusal = (error: unknown) =>
  error instanceof HttpException && SLOT_CODES.has((error.getResponse() as { code?: string }).code ?? '');

/**
 * Recurring bookings. A series is planned (`preview`: every date, and for each one that cannot be
 * booked why and the nearest free slots), then created with the client's choice for each conflict
 * (`create`). Each occurrence is made by BookingsService.createIn — the single booking's checks,
 * hour claims and event — and the whole series in one transaction: all of it or none.
 */
@Injectable()
export class SeriesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly transactions: BookingTransactions,
    private readonly bookings: BookingsService,
    private readonly calendar: SlotCalendar,
    private readonly clock: Clock,
  ) {}

  preview(dto: SeriesPlanDto): Promise<SeriesPreviewResponse> {
    return this.plan(this.dataSource.manager, dto);
  }

  async create(user: AuthUser, dto: CreateSeriesDto, emailVerified: boolean): Promise<CreateSeriesResponse> {
    const resolutions = resolutionsByIndex(dto.resolutions ?? []);
    try {
      return await this.transactions.run(async (manager) => {
        const plan = await this.plan(manager, dto);
        for (const index of resolutions.keys()) {
          if (index > plan.occurrences.length) throw invalidPlan('series_resolution_invalid', `The plan has no occurrence ${index}`, { index });
        }
        const unresolved = plan.occurrences.filter((occurrence) => !occurrence.available && !resolutions.has(occurrence.index));
        if (unresolved.length > 0) throw conflicts(unresolved.length);

        const kept = plan.occurrences
          .filter((occurrence) => resolutions.get(occurrence.index)?.action !== 'drop')
          .map((occurrence): SeriesSlot => {
            const resolution = resolutions.get(occurrence.index);
            return resolution?.action === 'move'
              ? { scheduledDate: resolution.scheduledDate!, scheduledTime: resolution.scheduledTime! }
              : { scheduledDate: occurrence.scheduledDate, scheduledTime: occurrence.scheduledTime };
          })
          .sort((a, b) => `${a.scheduledDate} ${a.scheduledTime}`.localeCompare(`${b.scheduledDate} ${b.scheduledTime}`));
        if (kept.length === 0) throw invalidPlan('series_empty', 'Every occurrence was dropped: there is nothing to book');

        const series = await this.insertSeries(manager, user, dto, kept.length);
        const created: CreateBookingResponse[] = [];
        for (const [position, slot] of kept.entries()) {
          const { resolutions: _resolutions, frequency: _frequency, occurrences: _occurrences, until: _until, ...single } = dto;
          created.push(
            await this.bookings.createIn(manager, user, { ...single, ...slot }, emailVerified, {
              seriesId: series.id,
              seriesFrequency: series.frequency,
              seriesIndex: position + 1,
              seriesSize: kept.length,
            }),
          );
        }
        return {
          series: { ...series, createdAt: series.createdAt.toISOString() },
          bookings: created,
          dropped: [...resolutions.values()].filter((r) => r.action === 'drop').map((r) => r.index),
        };
      });
    } catch (error) {
      // A moved occurrence's slot, or one taken since the plan was read (another series racing this
      // one): nothing was stored; the client asks for the plan again and chooses anew.
      if (slotRefusal(error)) throw conflicts(1);
      throw error;
    }
  }

  /** Every date of the plan with its bookability now; alternatives for the ones that cannot be booked. */
  private async plan(manager: EntityManager, dto: SeriesPlanDto): Promise<SeriesPreviewResponse> {
    if ((dto.occurrences === undefined) === (dto.until === undefined)) {
      throw invalidPlan('series_end_required', 'Choose either a number of occurrences or an end date');
    }
    const dates = seriesDates(dto.scheduledDate, dto.frequency, { occurrences: dto.occurrences, until: dto.until });
    if (dates.length > SERIES.maxOccurrences) {
      throw invalidPlan('series_too_long', `A series holds at most ${SERIES.maxOccurrences} bookings`, { max: SERIES.maxOccurrences });
    }
    if (dates.length < SERIES.minOccurrences) {
      throw invalidPlan('series_too_short', `A series holds at least ${SERIES.minOccurrences} bookings`, { min: SERIES.minOccurrences });
    }
    const { service, provider } = await this.bookings.bookableService(manager, dto.serviceId);
    const hours = claimedHours(bookingDuration(service, dto.duration));
    const now = this.clock.now();
    const occurrences: SeriesOccurrencePlan[] = [];
    for (const [n, date] of dates.entries()) {
      const reason = slotProblem(dto.scheduledTime, await this.calendar.day(manager, provider, date, hours, now));
      occurrences.push(
        reason
          ? { index: n + 1, scheduledDate: date, scheduledTime: dto.scheduledTime, available: false, reason, alternatives: await this.alternatives(manager, provider, date, dto.scheduledTime, hours) }
          : { index: n + 1, scheduledDate: date, scheduledTime: dto.scheduledTime, available: true, alternatives: [] },
      );
    }
    return { frequency: dto.frequency, occurrences, conflicts: occurrences.filter((o) => !o.available).length };
  }

  /**
   * The nearest free slots for an occurrence: on its own day first, then each following day (up to
   * SERIES.alternativeDays, less than a week so a weekly neighbour's day is never offered), each day
   * the times closest to the planned one first.
   */
  private async alternatives(manager: EntityManager, provider: Provider, date: string, time: string, hours: number): Promise<SeriesSlot[]> {
    const found: SeriesSlot[] = [];
    const now = this.clock.now();
    for (let offset = 0; offset <= SERIES.alternativeDays && found.length < SERIES.alternatives; offset++) {
      const day = addCalendarDays(date, offset);
      const context = await this.calendar.day(manager, provider, day, hours, now);
      const free = BOOKING_SLOTS.filter((slot) => slotProblem(slot, context) === null).sort(
        (a, b) => Math.abs(toMinutes(a) - toMinutes(time)) - Math.abs(toMinutes(b) - toMinutes(time)) || a.localeCompare(b),
      );
      for (const slot of free.slice(0, SERIES.alternatives - found.length)) found.push({ scheduledDate: day, scheduledTime: slot });
    }
    return found;
  }

  private async insertSeries(manager: EntityManager, user: AuthUser, dto: SeriesPlanDto, size: number): Promise<BookingSeries> {
    const { provider } = await this.bookings.bookableService(manager, dto.serviceId);
    const series: BookingSeries = {
      id: randomUUID(),
      clientId: user.id,
      providerId: provider.id,
      serviceId: dto.serviceId,
      frequency: dto.frequency,
      size,
      untilDate: dto.until ?? null,
      createdAt: this.clock.now(),
    };
    await manager.insert(BookingSeries, series);
    return series;
  }
}

function resolutionsByIndex(resolutions: SeriesResolutionDto[]): Map<number, SeriesResolutionDto> {
  const byIndex = new Map<number, SeriesResolutionDto>();
  for (const resolution of resolutions) {
    if (byIndex.has(resolution.index)) {
      throw invalidPlan('series_resolution_invalid', `Occurrence ${resolution.index} has two resolutions`, { index: resolution.index });
    }
    if (resolution.action === 'move' && (!resolution.scheduledDate || !resolution.scheduledTime)) {
      throw invalidPlan('series_resolution_invalid', `Moving occurrence ${resolution.index} needs a date and a time`, { index: resolution.index });
    }
    byIndex.set(resolution.index, resolution);
  }
  return byIndex;
}

const conflicts = (count: number) =>
  new ConflictException({
    code: 'series_conflicts',
    message: 'Some occurrences cannot be booked as planned. Review the plan and choose an alternative or drop them.',
    params: { conflicts: count },
  });
