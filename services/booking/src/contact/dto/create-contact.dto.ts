import { CONTACT_TYPES, type ContactType, LANGUAGES, type Language } from '@khidma/contracts';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsOptional, IsString, Length, Matches, MaxLength } from 'class-validator';

/** Surrounding blanks are never meant: "   " must fail a required field rather than be stored. */
const Trim = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));

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
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() || undefined : value))
  @IsOptional()
  @Matches(/^\+?[0-9][0-9 ()-]{4,28}$/)
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
