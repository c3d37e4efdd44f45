import { BadRequestException, ValidationPipe, type ValidationError } from '@nestjs/common';
import { Transform } from 'class-transformer';

interface FieldProblem {
  path: string;
  /** The failed constraint, e.g. `isEmail`: stable, for clients to translate. */
  code: string;
  /** class-validator's sentence, e.g. `email must be an email`: for people reading the API. */
  reason: string;
}

function fieldProblems(errors: ValidationError[], parent = ''): FieldProblem[] {
  return errors.flatMap((error) => {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const [code, reason] = Object.entries(error.constraints ?? {})[0] ?? [];
    const own = code ? [{ path, code, reason: (reason ?? code).replace(error.property, path) }] : [];
    return [...own, ...fieldProblems(error.children ?? [], path)];
  });
}

/** The one global pipe: DTOs are transformed, unknown fields are rejected, errors name each field. */
export const createValidationPipe = () =>
  new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    exceptionFactory: (errors) => {
      const problems = fieldProblems(errors);
      return new BadRequestException({
        code: 'validation_failed',
        message: `Invalid request: ${problems.map((problem) => problem.reason).join('; ')}`,
        fields: Object.fromEntries(problems.map(({ path, code }) => [path, code])),
      });
    },
  });

/** Surrounding blanks are never meant: "   " must fail a required field rather than be stored. */
export const Trim = () => Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

/** For optional fields: forms send an empty field as '' (or blanks), which means "not given". */
export const TrimToUndefined = () =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || undefined : value));
