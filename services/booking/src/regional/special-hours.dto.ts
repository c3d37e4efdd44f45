import { REGION_CODES, type RegionCode, WHOLE_HOUR } from '@khidma/contracts';
import { Trim } from '@khidma/nest-kit';
import { IsIn, IsString, Length, Matches, Validate, ValidateIf } from 'class-validator';
import { CalendarDate } from '../bookings/dto/booking.dto.js';

/**
 * `POST /api/provider/special-hours`: a date range and its hours, whole hours like the weekly ones;
 * both null for closed all day. A closing hour at or before the opening one runs past midnight
 * (20:00–02:00). The order of the dates and of equal hours is judged by the service (one clear code each).
 */
export class SpecialHoursBody {
  @Validate(CalendarDate)
  startDate!: string;

  @Validate(CalendarDate)
  endDate!: string;

  @ValidateIf((body: SpecialHoursBody) => body.opensAt !== null || body.closesAt !== null)
  @Matches(WHOLE_HOUR, { message: 'Choose an opening hour' })
  opensAt!: string | null;

  @ValidateIf((body: SpecialHoursBody) => body.opensAt !== null || body.closesAt !== null)
  @Matches(WHOLE_HOUR, { message: 'Choose a closing hour' })
  closesAt!: string | null;

  @Trim()
  @IsString({ message: 'Give these hours a name' })
  @Length(1, 100, { message: 'Give these hours a name' })
  label!: string;
}

/** `PUT /api/provider/region`. */
export class ProviderRegionBody {
  @IsIn(REGION_CODES, { message: 'Choose a region' })
  region!: RegionCode;
}
