import { DISPUTE_OUTCOMES, DISPUTE_REASONS, DISPUTE_RULES, DISPUTE_STATUSES, type DisputeOutcome, type DisputeReason, type DisputeStatus } from '@khidma/contracts';
import { Trim } from '@khidma/nest-kit';
import { ArrayMaxSize, IsArray, IsIn, IsNumber, IsOptional, IsString, Length, Min, ValidateIf } from 'class-validator';

export class OpenDisputeDto {
  @IsIn(DISPUTE_REASONS)
  reason!: DisputeReason;

  @Trim()
  @IsString()
  @Length(DISPUTE_RULES.descriptionMinLength, DISPUTE_RULES.descriptionMaxLength)
  description!: string;

  /** Dollars, at most the amount paid (checked by the service against the payment). */
  @IsNumber({ maxDecimalPlaces: 2 })
  @Min(0.01)
  requestedAmount!: number;

  /** Base64 data URLs; each checked by its bytes (provider-applications/document-images.ts). */
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(DISPUTE_RULES.maxPhotos)
  @IsString({ each: true })
  photos?: string[];
}

export class DisputeReplyDto {
  @Trim()
  @IsString()
  @Length(1, DISPUTE_RULES.messageMaxLength)
  text!: string;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(DISPUTE_RULES.maxPhotos)
  @IsString({ each: true })
  photos?: string[];
}

export class DecideDisputeDto {
  @IsIn(DISPUTE_OUTCOMES)
  outcome!: DisputeOutcome;

  /** Only for a partial refund: 0 < amount ≤ paid minus refunded (the upper bound is the service's). */
  @ValidateIf((dto: DecideDisputeDto) => dto.outcome === 'partial_refund')
  @IsNumber({ maxDecimalPlaces: 2 })
  @Min(0.01)
  amount?: number;

  @Trim()
  @IsString()
  @Length(1, DISPUTE_RULES.noteMaxLength)
  note!: string;
}

export class AdminDisputesQuery {
  @IsOptional()
  @IsIn(DISPUTE_STATUSES)
  status?: DisputeStatus;
}
