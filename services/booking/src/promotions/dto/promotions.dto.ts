import { PROMO_DISCOUNT_KINDS, PROMO_RULES, type PromoDiscountKind } from '@khidma/contracts';
import { Trim } from '@khidma/nest-kit';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import { AdminListQuery } from '../../admin/dto/admin.dto.js';

const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const AMOUNT = /^\d{1,8}(\.\d{1,2})?$/;
const asString = ({ value }: { value: unknown }) => (typeof value === 'number' ? String(value) : value);
const isSet = (value: unknown) => value !== null && value !== undefined && value !== '';

/** `POST /api/admin/promo-codes`; cross-field rules (percent ≤ 100, from ≤ until) are in PromotionsService. */
export class CreatePromoCodeDto {
  @Trim()
  @IsString()
  @Matches(PROMO_RULES.codePattern, { message: 'code must be 3-32 letters, digits, - or _' })
  code!: string;

  @IsIn(PROMO_DISCOUNT_KINDS)
  kind!: PromoDiscountKind;

  @Transform(asString)
  @IsString({ message: 'value must be an amount' })
  @Matches(AMOUNT, { message: 'value must be an amount' })
  value!: string;

  @Transform(asString)
  @ValidateIf((dto: CreatePromoCodeDto) => isSet(dto.minOrderAmount))
  @IsString({ message: 'minOrderAmount must be an amount' })
  @Matches(AMOUNT, { message: 'minOrderAmount must be an amount' })
  minOrderAmount?: string | null;

  @ValidateIf((dto: CreatePromoCodeDto) => isSet(dto.validFrom))
  @Matches(DAY, { message: 'validFrom must be a day (YYYY-MM-DD)' })
  validFrom?: string | null;

  @ValidateIf((dto: CreatePromoCodeDto) => isSet(dto.validUntil))
  @Matches(DAY, { message: 'validUntil must be a day (YYYY-MM-DD)' })
  validUntil?: string | null;

  @ValidateIf((dto: CreatePromoCodeDto) => isSet(dto.maxRedemptions))
  @IsInt()
  @Min(1)
  @Max(PROMO_RULES.limitMax)
  maxRedemptions?: number | null;

  @ValidateIf((dto: CreatePromoCodeDto) => isSet(dto.perUserLimit))
  @IsInt()
  @Min(1)
  @Max(PROMO_RULES.limitMax)
  perUserLimit?: number | null;

  @IsOptional()
  @IsBoolean()
  firstOrderOnly?: boolean;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @MaxLength(50, { each: true })
  categories?: string[];
}

export class PromoCodeListQuery extends AdminListQuery {}

/** `POST /api/promotions/check` */
export class CheckPromoCodeDto {
  @IsUUID('all')
  bookingId!: string;

  @Trim()
  @IsString()
  @MaxLength(PROMO_RULES.codeMax + 8)
  code!: string;
}
