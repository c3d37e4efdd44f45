import { WEEK_DAYS, type WeeklyAvailability } from '@khidma/contracts';
import { Type } from 'class-transformer';
import {
  IsDefined,
  IsObject,
  Validate,
  ValidateNested,
  type ValidationArguments,
  ValidatorConstraint,
  type ValidatorConstraintInterface,
} from 'class-validator';

/** 'HH:00' from 00:00 to 24:00: the booking slots are whole hours, so opening hours are too. */
const WHOLE_HOUR = /^(?:[01]\d|2[0-4]):00$/;
type Hours = [string, string] | null;
const isHourPair = (value: unknown): value is [string, string] =>
  Array.isArray(value) && value.length === 2 && value.every((time) => typeof time === 'string' && WHOLE_HOUR.test(time));

/** Code `isDefined`: every day is given, `null` when closed (class-validator's IsDefined refuses null). */
@ValidatorConstraint({ name: 'isDefined' })
class DayGiven implements ValidatorConstraintInterface {
  validate = (value: unknown) => value !== undefined;
  defaultMessage = (args: ValidationArguments) => `${args.property} must be given (null when closed)`;
}

/** A day is closed (null) or a pair of whole hours; code `isOpeningHours` otherwise. */
@ValidatorConstraint({ name: 'isOpeningHours' })
class OpeningHoursFormat implements ValidatorConstraintInterface {
  validate = (value: unknown) => value === null || isHourPair(value);
  defaultMessage = (args: ValidationArguments) => `${args.property} must be null or [open, close] as whole hours 'HH:00' from 00:00 to 24:00`;
}

/** Code `openBeforeClose`: a day must open before it closes (24:00 closes at midnight). */
@ValidatorConstraint({ name: 'openBeforeClose' })
class OpenBeforeClose implements ValidatorConstraintInterface {
  // Only judged once the format holds; zero-padded 'HH:00' strings order like the hours they name.
  validate = (value: unknown) => !isHourPair(value) || value[0] < value[1];
  defaultMessage = (args: ValidationArguments) => `${args.property} must open before it closes`;
}

const Day = () => (target: object, property: string) => {
  // A day reports the first check that fails, in the order they are registered: presence, format, order.
  Validate(DayGiven)(target, property);
  Validate(OpeningHoursFormat)(target, property);
  Validate(OpenBeforeClose)(target, property);
};

/** Every day must be given, explicitly null when closed; unknown keys are refused by the global pipe. */
class WeeklyAvailabilityDto implements WeeklyAvailability {
  @Day() sunday!: Hours;
  @Day() monday!: Hours;
  @Day() tuesday!: Hours;
  @Day() wednesday!: Hours;
  @Day() thursday!: Hours;
  @Day() friday!: Hours;
  @Day() saturday!: Hours;
}

/** `PUT /api/provider/availability`: 400 with `fields['weeklyAvailability.monday']` naming the problem. */
export class AvailabilityBody {
  @ValidateNested()
  @Type(() => WeeklyAvailabilityDto)
  @IsObject()
  @IsDefined()
  weeklyAvailability!: WeeklyAvailabilityDto;
}

/** The days in their usual order, as a plain object to store. */
export const weeklyAvailabilityOf = (body: AvailabilityBody): WeeklyAvailability =>
  Object.fromEntries(WEEK_DAYS.map((day) => [day, body.weeklyAvailability[day]])) as WeeklyAvailability;
