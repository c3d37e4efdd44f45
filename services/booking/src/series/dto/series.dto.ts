import { SERIES, SERIES_FREQUENCIES, type SeriesFrequency } from '@khidma/contracts';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsOptional, Max, Min, Validate, ValidateNested } from 'class-validator';
import { BOOKING_SLOTS } from '@khidma/contracts';
import { CalendarDate, CreateBookingDto } from '../../bookings/dto/booking.dto.js';

/** The booking as for a single one (its date and time are the first occurrence), plus how it repeats. */
export class SeriesPlanDto extends CreateBookingDto {
  @IsIn(SERIES_FREQUENCIES, { message: 'Please choose how often the booking repeats' })
  frequency!: SeriesFrequency;

  /** End after this many occurrences… */
  @IsOptional()
  @IsInt()
  @Min(SERIES.minOccurrences)
  @Max(SERIES.maxOccurrences)
  occurrences?: number;

  /** …or with the last repeat on or before this day (inclusive). Exactly one of the two. */
  @IsOptional()
  @Validate(CalendarDate)
  until?: string;
}

export class SeriesResolutionDto {
  @IsInt()
  @Min(1)
  @Max(SERIES.maxOccurrences)
  index!: number;

  @IsIn(['move', 'drop'])
  action!: 'move' | 'drop';

  @IsOptional()
  @Validate(CalendarDate)
  scheduledDate?: string;

  @IsOptional()
  @IsIn(BOOKING_SLOTS, { message: 'Please select a time' })
  scheduledTime?: string;
}

export class CreateSeriesDto extends SeriesPlanDto {
  /** What to do with occurrences whose planned slot cannot be booked (see the preview). */
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(SERIES.maxOccurrences)
  @ValidateNested({ each: true })
  @Type(() => SeriesResolutionDto)
  resolutions?: SeriesResolutionDto[];
}
