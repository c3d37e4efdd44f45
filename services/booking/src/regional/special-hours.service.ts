import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import type { ProviderRegionDto, RegionCode, SpecialHoursDto, SpecialHoursListResponse } from '@khidma/contracts';
import { type AuthUser, Clock } from '@khidma/nest-kit';
import { DataSource } from 'typeorm';
import { Provider } from '../catalogue/entities/provider.entity.js';
import { SlotCalendar } from '../bookings/slot-calendar.js';
import { BookingTransactions } from '../bookings/transactions.js';
import { ProviderProfiles } from '../provider-portal/provider-profiles.js';
import { ProviderSpecialHours } from './provider-special-hours.entity.js';
import type { SpecialHoursBody } from './special-hours.dto.js';

const toDto = (row: ProviderSpecialHours): SpecialHoursDto => ({
  id: row.id,
  startDate: row.startDate,
  endDate: row.endDate,
  opensAt: row.opensAt,
  closesAt: row.closesAt,
  label: row.label,
});

const invalid = (code: string, message: string, field: string) => new BadRequestException({ code, message, fields: { [field]: message } });

/**
 * A provider's region and declared special hours (issue 17 §5). The booking rules read both through
 * SlotCalendar; this only keeps them. Existing bookings stay as they are when hours change.
 */
@Injectable()
export class SpecialHoursService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly profiles: ProviderProfiles,
    private readonly transactions: BookingTransactions,
    private readonly calendar: SlotCalendar,
    private readonly clock: Clock,
  ) {}

  async list(user: AuthUser): Promise<SpecialHoursListResponse> {
    const provider = await this.profiles.of(user);
    const rows = await this.dataSource.manager.find(ProviderSpecialHours, {
      where: { providerId: provider.id },
      order: { startDate: 'ASC' },
    });
    return { region: this.calendar.regionOf(provider).code, specialHours: rows.map(toDto) };
  }

  /** Declares hours for a range; ranges of one provider never overlap, so each day has one answer. */
  declare(user: AuthUser, body: SpecialHoursBody): Promise<SpecialHoursDto> {
    if (body.startDate > body.endDate) throw invalid('special_hours_dates', 'The first day must be on or before the last day', 'endDate');
    if (body.opensAt !== null && body.opensAt === body.closesAt) {
      throw invalid('special_hours_times', 'Opening and closing hours must differ', 'closesAt');
    }
    return this.transactions.run(async (manager) => {
      // The provider row locked: two declarations at once are checked for overlap one after the other.
      const owner = await this.profiles.of(user, manager);
      await manager.findOne(Provider, { where: { id: owner.id }, lock: this.transactions.rowLock });
      if (body.endDate < this.calendar.todayOf(owner, this.clock.now())) {
        throw invalid('special_hours_past', 'These days have already passed', 'endDate');
      }
      const clash = await manager
        .createQueryBuilder(ProviderSpecialHours, 'hours')
        .where('hours.providerId = :providerId', { providerId: owner.id })
        .andWhere('hours.startDate <= :endDate AND hours.endDate >= :startDate', { startDate: body.startDate, endDate: body.endDate })
        .getOne();
      if (clash) {
        throw new ConflictException({
          code: 'special_hours_overlap',
          message: `These days overlap "${clash.label}" (${clash.startDate} – ${clash.endDate})`,
          params: { label: clash.label, startDate: clash.startDate, endDate: clash.endDate },
        });
      }
      const row = manager.create(ProviderSpecialHours, {
        id: randomUUID(),
        providerId: owner.id,
        startDate: body.startDate,
        endDate: body.endDate,
        opensAt: body.opensAt,
        closesAt: body.opensAt === null ? null : body.closesAt,
        label: body.label,
      });
      await manager.insert(ProviderSpecialHours, row);
      return toDto(row);
    });
  }

  async remove(user: AuthUser, id: string): Promise<void> {
    const provider = await this.profiles.of(user);
    const { affected } = await this.dataSource.manager.delete(ProviderSpecialHours, { id, providerId: provider.id });
    if (!affected) throw new NotFoundException({ code: 'not_found', message: 'No such special hours' });
  }

  /** Where the provider works: their slots' zone and weekend from now on. */
  async setRegion(user: AuthUser, region: RegionCode): Promise<ProviderRegionDto> {
    const provider = await this.profiles.of(user);
    await this.dataSource.manager.update(Provider, { id: provider.id }, { region });
    return { region };
  }
}
