import {
  APPLICATION_CATEGORIES,
  type ApplicationCategory,
  type BusinessDoc,
  EXPERIENCE_BANDS,
  type ExperienceBand,
  LANGUAGES,
  type Language,
  PHONE_PATTERN,
  type ProviderApplicationRequest,
} from '@khidma/contracts';
import { Trim } from '@khidma/nest-kit';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsEmail,
  IsIn,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  ValidateIf,
} from 'class-validator';

/**
 * Checked for its form only when filled in: a missing or blank required field is reported by the
 * service together with the others ('Missing Required Fields' lists them all), not one by one here.
 */
const WhenFilled = () => ValidateIf((_object, value) => value !== undefined && value !== null && value !== '');

/**
 * `POST /api/providers/apply`. Types and formats are checked here; which fields are required, the
 * documents and their images are checked by the service in the order the form shows them.
 */
export class ProviderApplicationDto implements Partial<ProviderApplicationRequest> {
  @Trim() @WhenFilled() @IsString() @MaxLength(150) businessName?: string;
  @Trim() @WhenFilled() @IsString() @MaxLength(100) ownerName?: string;
  @Trim() @WhenFilled() @IsEmail() @MaxLength(254) email?: string;
  @Trim() @WhenFilled() @Matches(PHONE_PATTERN) phone?: string;
  @Trim() @WhenFilled() @IsString() @MaxLength(300) businessAddress?: string;
  @Trim() @WhenFilled() @IsString() @MaxLength(100) city?: string;
  @WhenFilled() @IsIn(APPLICATION_CATEGORIES) businessType?: ApplicationCategory;
  @WhenFilled() @IsIn(EXPERIENCE_BANDS) experience?: ExperienceBand;
  @Trim() @WhenFilled() @IsString() @MaxLength(100) licenseNumber?: string | null;
  @Trim() @WhenFilled() @IsString() @MaxLength(500) insuranceInfo?: string;
  @IsOptional() @IsBoolean() hasLicense?: boolean;
  @IsOptional() @IsBoolean() hasInsurance?: boolean;
  @IsOptional() @IsBoolean() agreedToTerms?: boolean;
  /** Each entry's shape is checked by the service (it knows which document is missing). */
  @IsOptional() @IsArray() @ArrayMaxSize(10) @IsObject({ each: true }) businessDocs?: BusinessDoc[];
  @Transform(({ value }) => value ?? 'en') @IsIn(LANGUAGES) language: Language = 'en';
}
