import { ADMIN_LIST_LIMITS, CREDIT_RULES } from '@khidma/contracts';
import { Trim } from '@khidma/nest-kit';
import { Transform, Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min, MinLength } from 'class-validator';

/** `POST /api/admin/users/:id/credit`; the amount's bounds (CREDIT_RULES) are checked by CreditService. */
export class GrantCreditDto {
  @Transform(({ value }) => (typeof value === 'number' ? String(value) : value))
  @IsString({ message: 'amount must be an amount in dollars' })
  @Matches(/^\d{1,8}(\.\d{1,2})?$/, { message: 'amount must be an amount in dollars' })
  amount!: string;

  @Trim()
  @IsString({ message: `Note must be at least ${CREDIT_RULES.noteMin} characters` })
  @MinLength(CREDIT_RULES.noteMin, { message: `Note must be at least ${CREDIT_RULES.noteMin} characters` })
  @MaxLength(CREDIT_RULES.noteMax)
  note!: string;
}

export class CreditHistoryQuery {
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) page: number = 1;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(ADMIN_LIST_LIMITS.maxLimit) limit: number = ADMIN_LIST_LIMITS.defaultLimit;
}
