import { type Language, LANGUAGES } from '@khidma/contracts';
import { Trim } from '@khidma/nest-kit';
import { IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

export const MESSAGE_MAX_LENGTH = 2000;

// The error names one failed check per field, the one declared nearest the property: the most basic
// check therefore sits last, so a missing field reads `isString`, not `maxLength`.
export class ChatRequestDto {
  @Trim()
  @MaxLength(MESSAGE_MAX_LENGTH)
  @IsNotEmpty()
  @IsString()
  message!: string;

  @IsOptional()
  @IsIn(LANGUAGES)
  language: Language = 'en';

  /** Made up by the client at load: a UUID (36 characters of the same alphabet) or any 8-64 of [\w-]. */
  @Matches(/^[\w-]{8,64}$/)
  @IsString()
  sessionId!: string;
}

export interface ChatResponseDto {
  response: string;
  suggestions?: string[];
}
