import { Controller, Get, Query } from '@nestjs/common';
import { ApiForbiddenResponse, ApiOkResponse } from '@nestjs/swagger';
import { ADMIN_AUDIT_ACTIONS, ADMIN_AUDIT_TARGETS, type AdminAuditEntryDto, type PagedResponse } from '@khidma/contracts';
import { Roles } from '@khidma/nest-kit';
import { AdminAuditLog } from './admin-audit.service.js';
import { AdminAuditQuery } from './dto/admin-audit.dto.js';

const nullableString = { type: 'string', nullable: true } as const;

/** OpenAPI schema of PagedResponse<AdminAuditEntryDto>. */
const AUDIT_PAGE_SCHEMA = {
  type: 'object',
  required: ['items', 'total', 'page', 'limit'],
  properties: {
    items: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'action', 'actorId', 'actorEmail', 'targetType', 'targetId', 'summary', 'summaryAr', 'reason', 'createdAt'],
        properties: {
          id: { type: 'string', format: 'uuid' },
          action: { type: 'string', enum: [...ADMIN_AUDIT_ACTIONS] },
          actorId: { type: 'string', format: 'uuid' },
          actorEmail: { type: 'string', format: 'email' },
          targetType: { type: 'string', enum: [...ADMIN_AUDIT_TARGETS] },
          targetId: { type: 'string', format: 'uuid' },
          summary: { type: 'string' },
          summaryAr: nullableString,
          reason: nullableString,
          createdAt: { type: 'string', format: 'date-time' },
        },
      },
    },
    total: { type: 'integer' },
    page: { type: 'integer' },
    limit: { type: 'integer' },
  },
};

/** The admin action audit log; the role comes from the verified access token only. */
@Roles('admin')
@Controller('admin/audit-log')
export class AdminAuditController {
  constructor(private readonly audit: AdminAuditLog) {}

  @Get()
  @ApiOkResponse({ description: 'Admin decisions, newest first', schema: AUDIT_PAGE_SCHEMA })
  @ApiForbiddenResponse({ description: 'The caller is not an admin' })
  list(@Query() query: AdminAuditQuery): Promise<PagedResponse<AdminAuditEntryDto>> {
    return this.audit.list(query);
  }
}
