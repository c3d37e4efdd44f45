import {
  ADMIN_LIST_LIMITS,
  BOOKING_STATUSES,
  type BookingStatus,
  PROVIDER_STATUSES,
  type ProviderStatus,
  type Role,
  ROLES,
  SERVICE_STATUSES,
  type ServiceStatus,
} from '@khidma/contracts';
import { Trim } from '@khidma/nest-kit';
import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';

/** `PATCH /api/admin/users/:id`: a role, an activation, or both. */
export class UpdateAccountDto {
  @IsOptional() @IsIn(ROLES) role?: Role;
  @IsOptional() @IsBoolean() isActive?: boolean;
}


/** `POST /api/admin/approve-provider`: `providerId` is the application's id. */
export class ApproveProviderDto {
  @IsUUID() providerId!: string;
  @IsBoolean() approved!: boolean;
  @Trim() @IsOptional() @IsString() @MaxLength(1000) reason?: string;
}

export class ApproveServiceDto {
  @IsUUID() serviceId!: string;
  @IsBoolean() approved!: boolean;
  @Trim() @IsOptional() @IsString() @MaxLength(1000) reason?: string;
}

/** `?search=&page=&limit=` of every admin list. */
export class AdminListQuery {
  @Trim() @IsOptional() @IsString() @MaxLength(100) search?: string;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) page: number = 1;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(ADMIN_LIST_LIMITS.maxLimit) limit: number = ADMIN_LIST_LIMITS.defaultLimit;
}

export class AdminServicesQuery extends AdminListQuery {
  @IsOptional() @IsIn(SERVICE_STATUSES) status?: ServiceStatus;
}

export class AdminProvidersQuery extends AdminListQuery {
  @IsOptional() @IsIn(PROVIDER_STATUSES) status?: ProviderStatus;
}

export class AdminBookingsQuery extends AdminListQuery {
  @IsOptional() @IsIn(BOOKING_STATUSES) status?: BookingStatus;
}
