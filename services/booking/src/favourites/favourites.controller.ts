import { Controller, Delete, Get, Param, Put } from '@nestjs/common';
import type { FavouritesResponse, FavouriteStateResponse } from '@khidma/contracts';
import { Answers, type AuthUser, CurrentUser } from '@khidma/nest-kit';
import { FavouriteParams } from './dto/favourite.params.js';
import { FavouritesService } from './favourites.service.js';

/**
 * The signed-in caller's own favourites (global guard: anonymous → 401). Any signed-in account may
 * save things as a client would; nobody reads or changes another account's list.
 */
@Controller('favourites')
export class FavouritesController {
  constructor(private readonly favourites: FavouritesService) {}

  @Get()
  @Answers(200, 'FavouritesResponse')
  list(@CurrentUser() user: AuthUser): Promise<FavouritesResponse> {
    return this.favourites.list(user);
  }

  @Put(':collection/:id')
  @Answers(200, 'FavouriteStateResponse')
  add(@CurrentUser() user: AuthUser, @Param() params: FavouriteParams): Promise<FavouriteStateResponse> {
    return this.favourites.add(user, params.collection, params.id);
  }

  @Delete(':collection/:id')
  @Answers(200, 'FavouriteStateResponse')
  remove(@CurrentUser() user: AuthUser, @Param() params: FavouriteParams): Promise<FavouriteStateResponse> {
    return this.favourites.remove(user, params.collection, params.id);
  }
}
