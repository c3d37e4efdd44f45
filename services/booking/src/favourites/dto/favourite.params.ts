import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsUUID } from 'class-validator';

/** The path segment naming what is saved: `services` or `providers`. */
export const FAVOURITE_COLLECTIONS = ['services', 'providers'] as const;
export type FavouriteCollection = (typeof FAVOURITE_COLLECTIONS)[number];

/** `/favourites/{collection}/{id}`: a service id or a provider id. */
export class FavouriteParams {
  @ApiProperty({ enum: FAVOURITE_COLLECTIONS })
  @IsIn(FAVOURITE_COLLECTIONS)
  collection!: FavouriteCollection;

  @ApiProperty({ format: 'uuid' })
  @IsUUID('all')
  id!: string;
}
