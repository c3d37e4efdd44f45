import { Module } from '@nestjs/common';
import { BookingsModule } from '../bookings/bookings.module.js';
import { CatalogueModule } from '../catalogue/catalogue.module.js';
import { FavouritesController } from './favourites.controller.js';
import { FavouritesService } from './favourites.service.js';

@Module({
  imports: [BookingsModule, CatalogueModule],
  controllers: [FavouritesController],
  providers: [FavouritesService],
})
export class FavouritesModule {}
