import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  HttpException,
  HttpStatus,
  NotFoundException,
  UnauthorizedException,
} from '@nestjs/common';
import { AUTH_ERROR_CODES as CODES } from '@khidma/contracts';

/** The auth errors with their spec §8 English texts; the frontends translate by `code`. */
export const authErrors = {
  invalidCredentials: () => new UnauthorizedException({ code: CODES.invalidCredentials, message: 'Invalid email or password' }),
  accountNotFound: () => new NotFoundException({ code: CODES.accountNotFound, message: 'Account not found. Please sign up.' }),
  invalidEmail: () => new BadRequestException({ code: CODES.invalidEmail, message: 'Invalid email format', fields: { email: CODES.invalidEmail } }),
  emailInUse: () => new ConflictException({ code: CODES.emailInUse, message: 'Email already in use. Try logging in.' }),
  weakPassword: (min: number, max: number) =>
    new BadRequestException({
      code: CODES.weakPassword,
      message: `Weak password. Use ${min} to ${max} characters.`,
      fields: { password: CODES.weakPassword },
      params: { min, max },
    }),
  commonPassword: () =>
    new BadRequestException({
      code: CODES.commonPassword,
      message: 'This password is too common. Choose a less predictable one.',
      fields: { password: CODES.commonPassword },
    }),
  tooManyAttempts: (retryAfterSeconds: number) =>
    new HttpException(
      {
        code: CODES.tooManyAttempts,
        message: 'Too many failed login attempts. Please try again later.',
        params: { retryAfterSeconds },
      },
      HttpStatus.TOO_MANY_REQUESTS,
    ),
  accountDisabled: () => new ForbiddenException({ code: CODES.accountDisabled, message: 'This account is disabled.' }),
  invalidToken: () => new BadRequestException({ code: CODES.invalidToken, message: 'This link is invalid, used or expired.' }),
  noSession: () => new UnauthorizedException({ code: 'unauthorized', message: 'No valid session. Please sign in.' }),
  notAdminEmail: () => new ForbiddenException({ code: CODES.notAdminEmail, message: 'This account is not the designated admin account.' }),
};
