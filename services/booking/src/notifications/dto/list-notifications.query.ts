import { NOTIFICATION_LIST_LIMITS } from '@khidma/contracts';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsUUID, Max, Min } from 'class-validator';

/** `GET /api/notifications?limit=&before=`: a page, newest first, older than the `before` notification. */
export class ListNotificationsQuery {
  @IsOptional()
  @Type(() => Number)
  @Max(NOTIFICATION_LIST_LIMITS.maxLimit)
  @Min(1)
  @IsInt()
  limit: number = NOTIFICATION_LIST_LIMITS.defaultLimit;

  /** Id of the last notification of the previous page (the caller's own). */
  @IsOptional()
  @IsUUID()
  before?: string;
}
