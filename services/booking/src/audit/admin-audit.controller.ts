import { Controller, Get, Query } from '@nestjs/common';
import { ApiForbiddenResponse } from '@nestjs/swagger';
import type { AdminAuditPage } from '@khidma/contracts';
import { Answers, Roles } from '@khidma/nest-kit';
import { AdminAuditLog } from './admin-audit.service.js';
import { AdminAuditQuery } from './dto/admin-audit.dto.js';

/** The admin action audit log; the role comes from the verified access token only. */
@Roles('admin')
@Controller('admin/audit-log')
export class AdminAuditController {
  constructor(private readonly audit: AdminAuditLog) {}

  @Get()
  @Answers(200, 'AdminAuditPage')
  @ApiForbiddenResponse({ description: 'The caller is not an admin' })
  list(@Query() query: AdminAuditQuery): Promise<AdminAuditPage> {
    return this.audit.list(query);
  }
}
