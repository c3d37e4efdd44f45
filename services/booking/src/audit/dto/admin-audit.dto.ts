import { ADMIN_AUDIT_ACTIONS, type AdminAuditAction } from '@khidma/contracts';
import { Trim } from '@khidma/nest-kit';
import { IsIn, IsOptional, IsString, MaxLength, Validate } from 'class-validator';
import { AdminListQuery } from '../../admin/dto/admin.dto.js';
import { CalendarDate } from '../../bookings/dto/booking.dto.js';

/**
 * `GET /api/admin/audit-log?action=&actor=&from=&to=&search=&page=&limit=`: `actor` is part of the
 * admin's e-mail, `from`/`to` are days (YYYY-MM-DD, both included) in the marketplace's zone,
 * `search` looks in the summary and the reason.
 */
export class AdminAuditQuery extends AdminListQuery {
  @IsOptional() @IsIn(ADMIN_AUDIT_ACTIONS) action?: AdminAuditAction;
  @Trim() @IsOptional() @IsString() @MaxLength(254) actor?: string;
  @IsOptional() @Validate(CalendarDate) from?: string;
  @IsOptional() @Validate(CalendarDate) to?: string;
}
