import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import type { ServiceDetailDto, ServiceListResponse } from '@khidma/contracts';
import { Public } from '@khidma/nest-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendCacheable } from '../http/cacheable.js';
import { CatalogueService } from './catalogue.service.js';
import { ListServicesQuery } from './dto/list-services.query.js';

/** Categories change only by deploy or admin action: a minute of caching spares most requests. */
const CATEGORIES_MAX_AGE_SECONDS = 60;

/** The catalogue is browsed signed out (spec §6). */
@Public()
@Controller()
export class CatalogueController {
  constructor(private readonly catalogue: CatalogueService) {}

  @Get('service-categories')
  async categories(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    return sendCacheable(request, reply, await this.catalogue.listCategories(), CATEGORIES_MAX_AGE_SECONDS);
  }

  @Get('services')
  services(@Query() query: ListServicesQuery): Promise<ServiceListResponse> {
    return this.catalogue.listServices(query);
  }

  /** By id (a UUID) or by slug, so links can be readable. */
  @Get('services/:idOrSlug')
  service(@Param('idOrSlug') idOrSlug: string): Promise<ServiceDetailDto> {
    return this.catalogue.getService(idOrSlug);
  }
}
