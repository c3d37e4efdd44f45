import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { addCalendarDays, type AdminAuditAction, type AdminAuditEntryDto, type AdminAuditTargetType, type PagedResponse } from '@khidma/contracts';
import { type AuthUser, Clock, SERVICE_CONFIG, zonedToInstant } from '@khidma/nest-kit';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import type { BookingConfig } from '../config.js';
import { pageOf, whereAnyContains } from '../database/admin-lists.js';
import type { AdminAuditQuery } from './dto/admin-audit.dto.js';
import { AdminAuditEntry } from './entities/admin-audit-entry.entity.js';

const SUMMARY_LENGTH = 200;

export interface AuditedAction {
  action: AdminAuditAction;
  targetType: AdminAuditTargetType;
  targetId: string;
  summary: string;
  summaryAr?: string | null;
  reason?: string | null;
}

/** A summary fits its column: longer text (a review, a message) is cut with an ellipsis. */
export const shorten = (text: string) => (text.length > SUMMARY_LENGTH ? `${text.slice(0, SUMMARY_LENGTH - 1)}…` : text);

/**
 * The admin action audit log. `record` takes the caller's transaction manager, so the entry commits
 * or rolls back with the action it describes: a failed action leaves none, a done one always has one.
 */
@Injectable()
export class AdminAuditLog {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly clock: Clock,
    @Inject(SERVICE_CONFIG) private readonly config: BookingConfig,
  ) {}

  async record(manager: EntityManager, admin: AuthUser, entry: AuditedAction): Promise<void> {
    await manager.insert(AdminAuditEntry, {
      id: randomUUID(),
      action: entry.action,
      actorId: admin.id,
      actorEmail: admin.email,
      targetType: entry.targetType,
      targetId: entry.targetId,
      summary: shorten(entry.summary),
      summaryAr: entry.summaryAr ? shorten(entry.summaryAr) : null,
      reason: entry.reason || null,
      createdAt: this.clock.now(),
    });
  }

  /** Newest first; filters combine with AND. */
  async list(query: AdminAuditQuery): Promise<PagedResponse<AdminAuditEntryDto>> {
    const builder = this.dataSource.getRepository(AdminAuditEntry).createQueryBuilder('a');
    if (query.action) builder.andWhere('a.action = :action', { action: query.action });
    whereAnyContains(builder, ['a.actorEmail'], query.actor?.toLowerCase());
    const zone = this.config.MARKETPLACE_TIMEZONE;
    if (query.from) builder.andWhere('a.createdAt >= :from', { from: zonedToInstant(query.from, '00:00', zone) });
    if (query.to) builder.andWhere('a.createdAt < :to', { to: zonedToInstant(addCalendarDays(query.to, 1), '00:00', zone) });
    whereAnyContains(builder, ['a.summary', 'a.summaryAr', 'a.reason'], query.search);
    const page = await pageOf(builder.orderBy('a.createdAt', 'DESC').addOrderBy('a.id', 'DESC'), query);
    return { ...page, items: page.items.map(toAuditEntryDto) };
  }
}

export const toAuditEntryDto = (row: AdminAuditEntry): AdminAuditEntryDto => ({
  id: row.id,
  action: row.action,
  actorId: row.actorId,
  actorEmail: row.actorEmail,
  targetType: row.targetType,
  targetId: row.targetId,
  summary: row.summary,
  summaryAr: row.summaryAr,
  reason: row.reason,
  createdAt: row.createdAt.toISOString(),
});
