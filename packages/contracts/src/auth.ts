import type { Language } from './constants.js';
import type { Role } from './enums.js';

/** The product user record (spec §3 User), as /api/auth/me returns it. */
export interface UserDto {
  id: string;
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  profileImageUrl: string | null;
  role: Role;
  isActive: boolean;
  language: Language;
  createdAt: string;
}

/** `GET /api/auth/me` and `/api/auth/me-firebase` (spec §7: "an object with a user field"). */
export interface MeResponse {
  user: UserDto;
}

/**
 * What every sign-in answers (sign-up, e-mail sign-in, refresh, Google, emergency admin link).
 * The refresh token never appears in a body: it travels only as the httpOnly cookie below.
 */
export interface SessionResponse {
  accessToken: string;
  /** Seconds until the access token expires. */
  expiresIn: number;
  user: UserDto;
}

export const REFRESH_COOKIE = 'khidma_refresh';
/** Path the refresh cookie is scoped to: only the auth routes ever receive it. */
export const REFRESH_COOKIE_PATH = '/api/auth';

/** Claims of the access token (ES256 JWT, verified against identity's JWKS). */
export interface AccessTokenClaims {
  sub: string;
  role: Role;
  email: string;
  /** Session (refresh-token family) id: revoking it ends the access token's validity too. */
  sid: string;
  /** Whether the account's e-mail was verified when the token was issued (booking caps unverified accounts). */
  email_verified?: boolean;
  iss: string;
  aud: string;
  exp: number;
  iat: number;
}
export const JWT_ISSUER = 'khidma-identity';
export const JWT_AUDIENCE = 'khidma';
export const JWKS_PATH = '/.well-known/jwks.json';

/** A public signing key at {@link JWKS_PATH} (RFC 7517): an EC P-256 key for ES256 signatures. */
export interface PublicSigningKey {
  kty: 'EC';
  crv: 'P-256';
  x: string;
  y: string;
  kid: string;
  alg: 'ES256';
  use: 'sig';
}
/** `GET /.well-known/jwks.json`: the keys in use, the newest (which signs) last. */
export interface JsonWebKeySet {
  keys: PublicSigningKey[];
}

export interface SignUpRequest {
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
  language?: Language;
}
export interface SignInRequest {
  email: string;
  password: string;
}
export interface PasswordResetRequest {
  email: string;
}
export interface PasswordResetConfirm {
  token: string;
  password: string;
}

export const PASSWORD_RULES = { minLength: 8, maxLength: 128 } as const;
export const RESET_TOKEN_TTL_MINUTES = 30;
export const ADMIN_LINK_TTL_MINUTES = 10;

/**
 * Error codes of the auth routes; the frontends map each to the spec §8 text in English and Arabic.
 * (HTTP status in brackets.)
 */
export const AUTH_ERROR_CODES = {
  invalidCredentials: 'invalid_credentials', // 401 'Invalid email or password'
  accountNotFound: 'account_not_found', // 404 'Account not found. Please sign up.'
  invalidEmail: 'invalid_email', // 400 'Invalid email format' / 'Invalid email address.'
  emailInUse: 'email_in_use', // 409 'Email already in use. Try logging in.'
  weakPassword: 'weak_password', // 400 'Weak password. …'
  commonPassword: 'common_password', // 400
  tooManyAttempts: 'too_many_attempts', // 429 'Too many failed login attempts. Please try again later.'
  accountDisabled: 'account_disabled', // 403
  invalidToken: 'invalid_token', // 400/401 expired, used or unknown reset / verification / admin-link token
  googleNotConfigured: 'google_not_configured', // 501
  notAdminEmail: 'not_admin_email', // 403
} as const;

/** `GET /api/auth/google/config`: whether the Google button can work here. */
export interface GoogleConfigResponse {
  enabled: boolean;
}

/** The message the Google callback page posts to its opener (same origin only). */
export interface GooglePopupMessage {
  type: 'khidma:google-sign-in';
  ok: boolean;
  /** On failure: `cancelled`, `failed`, `google_not_configured`, `account_disabled`. */
  error?: string;
}

/** `GET /api/admin/users?search=&page=&limit=` */
export interface AdminUsersResponse {
  users: UserDto[];
  total: number;
  page: number;
  limit: number;
}

/**
 * `PATCH /api/admin/users/:id`: a role, an activation, or both. Booking's moderation records it in the
 * audit log and has identity apply it; the answer is the account as it now is ({@link MeResponse}).
 */
export interface UpdateAccountRequest {
  role?: Role;
  isActive?: boolean;
}

/** `POST /api/auth/verify-email` and `POST /api/auth/admin-link/consume`: the token from the e-mailed link. */
export interface TokenRequest {
  token: string;
}

/** Paths of the account routes, as the browser calls them through the gateway. */
export const AUTH_PATHS = {
  signUp: '/api/auth/signup', // SignUpRequest -> 201 SessionResponse + refresh cookie
  signIn: '/api/auth/login', // SignInRequest -> 200 SessionResponse + refresh cookie
  refresh: '/api/auth/refresh', // refresh cookie -> 200 SessionResponse + rotated cookie
  logout: '/api/auth/logout', // refresh cookie -> 204, cookie cleared
  me: '/api/auth/me', // bearer -> MeResponse
  meFirebase: '/api/auth/me-firebase', // alias of `me` (spec §7)
  verifyEmail: '/api/auth/verify-email', // TokenRequest -> MeResponse
  verifyEmailResend: '/api/auth/verify-email/resend', // bearer -> 202
  passwordReset: '/api/auth/password-reset', // PasswordResetRequest -> 202 (always)
  passwordResetConfirm: '/api/auth/password-reset/confirm', // PasswordResetConfirm -> 204
  googleConfig: '/api/auth/google/config', // GoogleConfigResponse
  googleStart: '/api/auth/google/start', // open in the popup
  setupAdmin: '/api/auth/setup-admin', // bearer -> MeResponse, 403 not_admin_email
  directAdminLogin: '/api/auth/direct-admin-login', // { email } -> 202 (always)
  adminLinkConsume: '/api/auth/admin-link/consume', // TokenRequest -> SessionResponse + cookie
  adminUsers: '/api/admin/users', // AdminUsersResponse (admin)
} as const;

/** An answer that only says something to show (e-mail on its way, whatever the address). */
export interface NoticeResponse {
  message: string;
}

/** `GET /api/auth/sessions/{sid}/active`: whether a session is still live. */
export interface SessionActiveResponse {
  active: boolean;
}
