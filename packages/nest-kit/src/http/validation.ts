import { BadRequestException, ValidationPipe, type ValidationError } from '@nestjs/common';

/** Flattens class-validator errors to `field path -> failed constraint`, e.g. `{ email: 'isEmail' }`. */
export function fieldErrors(errors: ValidationError[], parent = ''): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const error of errors) {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const constraint = Object.keys(error.constraints ?? {})[0];
    if (constraint) fields[path] = constraint;
    Object.assign(fields, fieldErrors(error.children ?? [], path));
  }
  return fields;
}

/** The one global pipe: DTOs are transformed, unknown fields are rejected, errors name each field. */
export const createValidationPipe = () =>
  new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    exceptionFactory: (errors) => {
      const fields = fieldErrors(errors);
      const detail = Object.entries(fields)
        .map(([field, problem]) => `${field} (${problem})`)
        .join(', ');
      return new BadRequestException({
        code: 'validation_failed',
        message: `Invalid request: ${detail}`,
        fields,
      });
    },
  });
