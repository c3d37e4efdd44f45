import { CONVERSATION_RULES, LANGUAGES, type Language } from '@khidma/contracts';
import { Trim, TrimToUndefined } from '@khidma/nest-kit';
import { IsBoolean, IsIn, IsOptional, IsString, IsUUID, Length, MaxLength } from 'class-validator';

export class OpenConversationDto {
  @IsUUID()
  providerId!: string;

  @IsOptional()
  @IsUUID()
  bookingId?: string;

  /** The client's language for e-mails of a new enquiry (a booking thread takes the booking's). */
  @IsOptional()
  @IsIn(LANGUAGES)
  language?: Language;
}

export class SendMessageDto {
  /** Kept as written apart from surrounding blanks; '' means "no text" (a photo alone). */
  @TrimToUndefined()
  @IsOptional()
  @IsString()
  @MaxLength(CONVERSATION_RULES.maxTextLength)
  text?: string;

  /** A base64 data URL; checked by the bytes (see provider-applications/document-images.ts). */
  @IsOptional()
  @IsString()
  image?: string;
}

export class ReportMessageDto {
  @Trim()
  @IsString()
  @Length(1, CONVERSATION_RULES.maxReportReasonLength)
  reason!: string;
}

export class HideMessageDto {
  @IsBoolean()
  hidden!: boolean;
}

export class ConversationMessagesQuery {
  /** Id of the oldest message already shown: the page before it. */
  @IsOptional()
  @IsUUID()
  before?: string;
}
