import { CONTACT_TYPES, type ContactType, LANGUAGES, type Language, PHONE_PATTERN } from '@khidma/contracts';
import { Trim, TrimToUndefined } from '@khidma/nest-kit';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsOptional, IsString, Length, Matches, MaxLength } from 'class-validator';

export class CreateContactDto {
  @Trim()
  @IsString()
  @Length(1, 100)
  name!: string;

  @Trim()
  @IsEmail()
  @MaxLength(254)
  email!: string;

  /** Forms send an empty field as ''; that means "no phone". */
  @TrimToUndefined()
  @IsOptional()
  @Matches(PHONE_PATTERN)
  phone?: string;

  @Trim()
  @IsString()
  @Length(1, 200)
  subject!: string;

  @Trim()
  @IsString()
  @Length(1, 5000)
  message!: string;

  // The initialiser covers an absent field, the transform an explicit null.
  @Transform(({ value }) => value ?? 'general')
  @IsIn(CONTACT_TYPES)
  type: ContactType = 'general';

  @Transform(({ value }) => value ?? 'en')
  @IsIn(LANGUAGES)
  language: Language = 'en';
}
