import { Body, Controller, Get, Headers, Param, ParseUUIDPipe, Post, Query } from '@nestjs/common';
import { ApiForbiddenResponse } from '@nestjs/swagger';
import type { CreditAccountDto, GrantCreditResponse } from '@khidma/contracts';
import { Answers, type AuthUser, CurrentUser, Roles } from '@khidma/nest-kit';
import { CreditHistoryQuery, GrantCreditDto } from './dto/credit.dto.js';
import { CreditService } from './credit.service.js';

/** The caller's own credit: balance and history. */
@Controller('credit')
export class CreditController {
  constructor(private readonly credit: CreditService) {}

  @Get()
  @Answers(200, 'CreditAccountDto')
  own(@CurrentUser() user: AuthUser, @Query() query: CreditHistoryQuery): Promise<CreditAccountDto> {
    return this.credit.account(user.id, query, false);
  }
}

/** A client's credit for the admin, and goodwill grants; the role comes from the verified access token only. */
@Roles('admin')
@Controller('admin/users/:id/credit')
export class AdminCreditController {
  constructor(private readonly credit: CreditService) {}

  @Get()
  @Answers(200, 'CreditAccountDto')
  @ApiForbiddenResponse({ description: 'The caller is not an admin' })
  account(@Param('id', new ParseUUIDPipe()) id: string, @Query() query: CreditHistoryQuery): Promise<CreditAccountDto> {
    return this.credit.account(id, query, true);
  }

  @Post()
  @Answers(201, 'GrantCreditResponse')
  @ApiForbiddenResponse({ description: 'The caller is not an admin' })
  grant(
    @CurrentUser() admin: AuthUser,
    // The guard let only a bearer token through: the admin's own, so identity checks the same person.
    @Headers('authorization') authorization: string,
    @Param('id', new ParseUUIDPipe()) id: string,
    @Body() dto: GrantCreditDto,
  ): Promise<GrantCreditResponse> {
    return this.credit.grant(admin, authorization, id, dto);
  }
}
