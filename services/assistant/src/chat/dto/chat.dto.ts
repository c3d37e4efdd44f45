import { type Language, LANGUAGES, REGION_CODES, type RegionCode } from '@khidma/contracts';
import { Trim } from '@khidma/nest-kit';
import { IsBoolean, IsIn, IsNotEmpty, IsObject, IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import { TOOL_NAMES } from '../../tools/tool-catalogue.js';

export const MESSAGE_MAX_LENGTH = 2000;
const TOKEN_MAX_LENGTH = 2000;

// The error names one failed check per field, the one declared nearest the property: the most basic
// check therefore sits last, so a missing field reads `isString`, not `maxLength`.

/** What every assistant request carries: its conversation and the language to answer in. */
class AssistantRequest {
  @IsOptional()
  @IsIn(LANGUAGES)
  language: Language = 'en';

  /** The client's region: "tomorrow" and "this weekend" are read in its zone and weekend. */
  @IsOptional()
  @IsIn(REGION_CODES)
  region?: RegionCode;

  /** Made up by the client at load: a UUID (36 characters of the same alphabet) or any 8-64 of [\w-]. */
  @Matches(/^[\w-]{8,64}$/)
  @IsString()
  sessionId!: string;
}

/** A request that may confirm a proposal with the token the proposal carried. */
class ConfirmableRequest extends AssistantRequest {
  @IsOptional()
  @MaxLength(TOKEN_MAX_LENGTH)
  @IsString()
  confirmationToken?: string;
}

export class ChatRequestDto extends AssistantRequest {
  @Trim()
  @MaxLength(MESSAGE_MAX_LENGTH)
  @IsNotEmpty()
  @IsString()
  message!: string;

}

/** `POST /api/ai-actions/action` (spec §7): `detectIntent` with a message, or a confirmation. */
export class ActionRequestDto extends ConfirmableRequest {
  @IsIn(['detectIntent', ...TOOL_NAMES])
  @IsString()
  action!: string;

  @IsOptional()
  @Trim()
  @MaxLength(MESSAGE_MAX_LENGTH)
  @IsNotEmpty()
  @IsString()
  message?: string;


  @IsOptional()
  @IsObject()
  parameters?: Record<string, unknown>;

}

/** `POST /api/ai/action` (spec §7, the chat page): propose (confirm false) or confirm a book or cancel. */
export class PageActionDto extends ConfirmableRequest {
  @IsIn(['book', 'cancel', 'reschedule'])
  intent!: 'book' | 'cancel' | 'reschedule';

  @IsOptional()
  @Trim()
  @MaxLength(MESSAGE_MAX_LENGTH)
  @IsString()
  query?: string;

  @IsBoolean()
  confirm!: boolean;

  @IsOptional()
  @IsUUID('all')
  bookingId?: string;



  @IsOptional()
  @IsIn(TOOL_NAMES)
  action?: string;

  @IsOptional()
  @IsObject()
  parameters?: Record<string, unknown>;
}

/** `GET /api/ai/audit[?userId=]`: one user's lines, or everyone's. */
export class AssistantAuditQuery {
  @IsOptional()
  @IsUUID('all')
  userId?: string;
}
