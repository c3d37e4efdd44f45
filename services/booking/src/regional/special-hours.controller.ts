import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post, Put } from '@nestjs/common';
import type { ProviderRegionDto, SpecialHoursDto, SpecialHoursListResponse } from '@khidma/contracts';
import { Answers, type AuthUser, CurrentUser, Roles } from '@khidma/nest-kit';
import { ProviderRegionBody, SpecialHoursBody } from './special-hours.dto.js';
import { SpecialHoursService } from './special-hours.service.js';

/** The provider's regional calendar: their region and the special hours they declare (providers only, their own). */
@Roles('provider')
@Controller('provider')
export class SpecialHoursController {
  constructor(private readonly specialHours: SpecialHoursService) {}

  @Get('special-hours')
  @Answers(200, 'SpecialHoursListResponse')
  list(@CurrentUser() user: AuthUser): Promise<SpecialHoursListResponse> {
    return this.specialHours.list(user);
  }

  @Post('special-hours')
  @Answers(201, 'SpecialHoursDto')
  declare(@CurrentUser() user: AuthUser, @Body() body: SpecialHoursBody): Promise<SpecialHoursDto> {
    return this.specialHours.declare(user, body);
  }

  @Delete('special-hours/:id')
  @Answers(204)
  @HttpCode(204)
  remove(@CurrentUser() user: AuthUser, @Param('id', new ParseUUIDPipe({ errorHttpStatusCode: 404 })) id: string): Promise<void> {
    return this.specialHours.remove(user, id);
  }

  @Put('region')
  @Answers(200, 'ProviderRegionDto')
  setRegion(@CurrentUser() user: AuthUser, @Body() body: ProviderRegionBody): Promise<ProviderRegionDto> {
    return this.specialHours.setRegion(user, body.region);
  }
}
