import { LANGUAGES, type Language } from '@khidma/contracts';
import { IsIn, IsNumber, IsOptional, IsString, MaxLength } from 'class-validator';

// E-mail format and password rules are checked by the service, which answers with the spec's codes
// (invalid_email, weak_password, common_password); the DTOs only make sure of types and sane sizes.
const MAX_INPUT = 1024;

export class SignUpDto {
  @IsString() @MaxLength(MAX_INPUT) email!: string;
  @IsString() @MaxLength(MAX_INPUT) password!: string;
  @IsOptional() @IsString() @MaxLength(100) firstName?: string;
  @IsOptional() @IsString() @MaxLength(100) lastName?: string;
  @IsOptional() @IsIn(LANGUAGES) language?: Language;
}

export class SignInDto {
  @IsString() @MaxLength(MAX_INPUT) email!: string;
  @IsString() @MaxLength(MAX_INPUT) password!: string;
}

export class EmailDto {
  @IsString() @MaxLength(MAX_INPUT) email!: string;
}

/** Spec §7 sends `{ email, timestamp }`; the timestamp means nothing to the server. */
export class DirectAdminLoginDto {
  @IsString() @MaxLength(MAX_INPUT) email!: string;
  @IsOptional() @IsNumber() timestamp?: number;
}

/** Spec §7 sends `{ email }`; only the signed-in account is ever considered. */
export class SetupAdminDto {
  @IsOptional() @IsString() @MaxLength(MAX_INPUT) email?: string;
}

export class TokenDto {
  @IsString() @MaxLength(MAX_INPUT) token!: string;
}

export class PasswordResetConfirmDto {
  @IsString() @MaxLength(MAX_INPUT) token!: string;
  @IsString() @MaxLength(MAX_INPUT) password!: string;
}
