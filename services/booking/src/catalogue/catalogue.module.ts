import { Module } from '@nestjs/common';
import { CatalogueController } from './catalogue.controller.js';
import { CatalogueChanges } from './catalogue-changes.js';
import { CatalogueService } from './catalogue.service.js';

@Module({
  controllers: [CatalogueController],
  providers: [CatalogueChanges, CatalogueService],
  exports: [CatalogueService],
})
export class CatalogueModule {}
