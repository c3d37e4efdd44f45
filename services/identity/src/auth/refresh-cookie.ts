import { REFRESH_COOKIE, REFRESH_COOKIE_PATH } from '@khidma/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IdentityConfig } from '../config.js';
import { REFRESH_TTL_SECONDS } from './sessions.service.js';

/** httpOnly (scripts never see it), SameSite=Strict and scoped to the auth routes; Secure behind https. */
const options = (config: IdentityConfig) => ({
  httpOnly: true,
  sameSite: 'strict' as const,
  path: REFRESH_COOKIE_PATH,
  secure: config.PUBLIC_URL.startsWith('https:'),
});

export function setRefreshCookie(reply: FastifyReply, config: IdentityConfig, token: string) {
  void reply.setCookie(REFRESH_COOKIE, token, { ...options(config), maxAge: REFRESH_TTL_SECONDS });
}

export function clearRefreshCookie(reply: FastifyReply, config: IdentityConfig) {
  void reply.clearCookie(REFRESH_COOKIE, options(config));
}

export const refreshCookieOf = (request: FastifyRequest): string | undefined => request.cookies[REFRESH_COOKIE] || undefined;
