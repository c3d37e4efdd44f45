import { PAYMENT_METHODS, PAYMENT_RULES, PROMO_RULES, type PaymentMethod } from '@khidma/contracts';
import { Trim } from '@khidma/nest-kit';
import { Transform, Type } from 'class-transformer';
import { IsDefined, IsIn, IsOptional, IsString, IsUUID, Matches, MaxLength, MinLength, ValidateIf, ValidateNested } from 'class-validator';

/** Spec §5's card fields and messages. Only the last four digits and the expiry are ever kept. */
export class CardDetailsDto {
  // Numbers are often typed in groups: "4242 4242 4242 4242".
  @Transform(({ value }) => (typeof value === 'string' ? value.replace(/[\s-]/g, '') : value))
  @IsString({ message: 'Must be 16 digits' })
  @Matches(new RegExp(`^\\d{${PAYMENT_RULES.cardDigits}}$`), { message: 'Must be 16 digits' })
  number!: string;

  @Trim()
  @IsString({ message: 'Must be at least 3 characters' })
  @MinLength(PAYMENT_RULES.cardHolderMin, { message: 'Must be at least 3 characters' })
  @MaxLength(100)
  holder!: string;

  @Trim()
  @IsString({ message: 'Must be in MM/YY format' })
  @Matches(PAYMENT_RULES.expiryPattern, { message: 'Must be in MM/YY format' })
  expiry!: string;

  @IsString({ message: 'Must be 3-4 digits' })
  @Matches(PAYMENT_RULES.cvvPattern, { message: 'Must be 3-4 digits' })
  cvv!: string;
}

export class ProcessPaymentDto {
  @IsUUID('all')
  bookingId!: string;

  /** Dollars, as a number or a decimal string; compared with the booking's total to the cent. */
  @Transform(({ value }) => (typeof value === 'number' ? String(value) : value))
  @IsString({ message: 'amount must be an amount in dollars' })
  @Matches(/^\d{1,8}(\.\d{1,2})?$/, { message: 'amount must be an amount in dollars' })
  amount!: string;

  @IsIn(PAYMENT_METHODS)
  paymentMethod!: PaymentMethod;

  /** A promo code, any case; blank means none. */
  @Trim()
  @IsOptional()
  @IsString()
  @MaxLength(PROMO_RULES.codeMax + 8)
  promoCode?: string;

  /** Dollars of the client's credit to spend; the card pays `amount`, the rest. */
  @Transform(({ value }) => (typeof value === 'number' ? String(value) : value))
  @IsOptional()
  @IsString({ message: 'creditAmount must be an amount in dollars' })
  @Matches(/^\d{1,8}(\.\d{1,2})?$/, { message: 'creditAmount must be an amount in dollars' })
  creditAmount?: string;

  // No card is needed when credit pays the whole total (amount 0).
  @ValidateIf((payment: ProcessPaymentDto) => payment.paymentMethod === 'card' && !(Number(payment.amount) === 0 && Number(payment.creditAmount ?? 0) > 0))
  @IsDefined({ message: 'Card details are required for a card payment' })
  @ValidateNested()
  @Type(() => CardDetailsDto)
  cardDetails?: CardDetailsDto;
}
