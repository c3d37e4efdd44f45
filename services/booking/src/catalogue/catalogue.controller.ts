import { Controller, Get, Param, ParseUUIDPipe, Query, Req, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiProduces } from '@nestjs/swagger';
import type { ServiceDetailDto, ServiceListResponse } from '@khidma/contracts';
import { Answers, Public } from '@khidma/nest-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendCacheable } from '../http/cacheable.js';
import { ALLOWED_IMAGE_TYPES } from '../provider-applications/document-images.js';
import { CatalogueService, photoNotFound } from './catalogue.service.js';
import { ListServicesQuery } from './dto/list-services.query.js';
import { sendStoredImage } from '../http/stored-image.js';

/** Categories change only by deploy or admin action: a minute of caching spares most requests. */
const CATEGORIES_MAX_AGE_SECONDS = 60;
/** A photo URL names its bytes (see servicePhotoId): a year, and no revalidation. */
const PHOTO_CACHE_CONTROL = 'public, max-age=31536000, immutable';
const binary = { schema: { type: 'string', format: 'binary' } };

/** The catalogue is browsed signed out (spec §6). */
@Public()
@Controller()
export class CatalogueController {
  constructor(private readonly catalogue: CatalogueService) {}

  @Get('service-categories')
  @Answers(200, ['ServiceCategoryDto'])
  async categories(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    return sendCacheable(request, reply, await this.catalogue.listCategories(), CATEGORIES_MAX_AGE_SECONDS);
  }

  @Get('services')
  @Answers(200, 'ServiceListResponse')
  services(@Query() query: ListServicesQuery): Promise<ServiceListResponse> {
    return this.catalogue.listServices(query);
  }

  @Get('services/:serviceId/photos/:photoId')
  @ApiProduces(...ALLOWED_IMAGE_TYPES)
  @ApiOkResponse({
    description: 'A photo of the service (JPEG, PNG or WebP), cacheable for ever: its URL changes with its bytes',
    content: Object.fromEntries(ALLOWED_IMAGE_TYPES.map((type) => [type, binary])),
  })
  @ApiNotFoundResponse({ description: 'The service has no such photo' })
  async photo(
    @Param('serviceId', new ParseUUIDPipe({ exceptionFactory: photoNotFound })) serviceId: string,
    @Param('photoId', new ParseUUIDPipe({ exceptionFactory: photoNotFound })) photoId: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    return sendStoredImage(reply, await this.catalogue.photo(serviceId, photoId), PHOTO_CACHE_CONTROL);
  }

  /** By id (a UUID) or by slug, so links can be readable. */
  @Get('services/:idOrSlug')
  @Answers(200, 'ServiceDetailDto')
  service(@Param('idOrSlug') idOrSlug: string): Promise<ServiceDetailDto> {
    return this.catalogue.getService(idOrSlug);
  }
}
