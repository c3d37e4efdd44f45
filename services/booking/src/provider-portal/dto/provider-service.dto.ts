import { PRICE_TYPES, type PriceType, PROVIDER_SERVICE_LIMITS, type ProviderServiceRequest } from '@khidma/contracts';
import { Trim } from '@khidma/nest-kit';
import { IsDivisibleBy, IsIn, IsInt, IsNumber, IsString, Length, Max, Min } from 'class-validator';

const { titleMaxLength, descriptionMaxLength, maxPrice, duration } = PROVIDER_SERVICE_LIMITS;

/**
 * `POST /api/provider/services`, `PUT /api/provider/services/:id`. Checks run bottom-up and a field
 * reports its first failure, so the type check sits lowest. Whether the category exists is checked
 * by the service (it needs the database) and reported on `categoryId` the same way.
 */
export class ProviderServiceBody implements ProviderServiceRequest {
  @Min(1)
  @IsInt()
  categoryId!: number;

  @Length(1, titleMaxLength)
  @IsString()
  @Trim()
  title!: string;

  @Length(1, titleMaxLength)
  @IsString()
  @Trim()
  titleAr!: string;

  @Length(1, descriptionMaxLength)
  @IsString()
  @Trim()
  description!: string;

  @Length(1, descriptionMaxLength)
  @IsString()
  @Trim()
  descriptionAr!: string;

  /** Dollars, cents at most; above zero. */
  @Max(maxPrice)
  @Min(0.01)
  @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false })
  price!: number;

  @IsIn(PRICE_TYPES)
  priceType!: PriceType;

  /** Minutes, in half hours. */
  @IsDivisibleBy(duration.step)
  @Max(duration.max)
  @Min(duration.min)
  @IsInt()
  duration!: number;
}
