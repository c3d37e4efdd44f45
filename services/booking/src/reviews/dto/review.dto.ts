import { ADMIN_LIST_LIMITS, LANGUAGES, type Language, REVIEW_RULES } from '@khidma/contracts';
import { Trim, TrimToUndefined } from '@khidma/nest-kit';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Length, Max, MaxLength, Min, ValidateIf } from 'class-validator';

const STARS = { message: `Please choose from ${REVIEW_RULES.minRating} to ${REVIEW_RULES.maxRating} stars` };

/** `POST /api/bookings/:id/review` */
export class CreateReviewDto {
  @IsInt(STARS)
  @Min(REVIEW_RULES.minRating, STARS)
  @Max(REVIEW_RULES.maxRating, STARS)
  rating!: number;

  @TrimToUndefined()
  @IsOptional()
  @IsString()
  @MaxLength(REVIEW_RULES.commentMaxLength)
  comment?: string;

  @IsIn(LANGUAGES)
  language!: Language;
}

/** `PATCH /api/reviews/:id`: any of the fields; a comment sent empty removes the text. */
export class UpdateReviewDto {
  @IsOptional()
  @IsInt(STARS)
  @Min(REVIEW_RULES.minRating, STARS)
  @Max(REVIEW_RULES.maxRating, STARS)
  rating?: number;

  @Trim()
  @IsOptional()
  @IsString()
  @MaxLength(REVIEW_RULES.commentMaxLength)
  comment?: string;

  @IsOptional()
  @IsIn(LANGUAGES)
  language?: Language;
}

/** `POST /api/reviews/:id/reply` */
export class ReplyToReviewDto {
  @Trim()
  @IsString({ message: 'Please write a reply' })
  @Length(1, REVIEW_RULES.replyMaxLength, { message: 'Please write a reply' })
  comment!: string;
}

/** `PATCH /api/admin/reviews/:id/hide`: hiding needs a reason; showing again clears it. */
export class HideReviewDto {
  @IsBoolean()
  hidden!: boolean;

  @ValidateIf((dto: HideReviewDto) => dto.hidden === true || dto.reason !== undefined)
  @Trim()
  @IsString({ message: 'Please give a reason' })
  @Length(1, REVIEW_RULES.hideReasonMaxLength, { message: 'Please give a reason' })
  reason?: string;
}

/** `?page=&pageSize=` of the public and provider lists. */
export class ReviewPageQuery {
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) page: number = 1;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(REVIEW_RULES.maxPageSize) pageSize: number = REVIEW_RULES.defaultPageSize;
}

/** `GET /api/admin/reviews?hidden=&search=&page=&limit=` */
export class AdminReviewsQuery {
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean()
  hidden?: boolean;

  /** Part of the author's name, the text or the service's title. */
  @Trim() @IsOptional() @IsString() @MaxLength(100) search?: string;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) page: number = 1;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(ADMIN_LIST_LIMITS.maxLimit) limit: number = ADMIN_LIST_LIMITS.defaultLimit;
}
