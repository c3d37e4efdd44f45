import { DEFAULT_PORTS, JWKS_PATH, REMOTE_NAMES, type RemoteName, type ServiceName } from '@khidma/contracts';
import { addressList, baseServiceSchema, port, type ServiceConfig } from '@khidma/nest-kit';
import { z } from 'zod';

const local = (p: number) => `http://127.0.0.1:${p}`;
const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' });
/** An origin-like base URL, kept without trailing slashes so paths can be appended as they are. */
const baseUrl = (fallback: string) => z.string().default(fallback).pipe(httpUrl).transform((url) => url.replace(/\/+$/, ''));
/** Comma-separated base URLs of one service's replicas. */
const replicaList = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value) => value.split(',').map((url) => url.trim()).filter(Boolean))
    .pipe(z.array(httpUrl).min(1, 'needs at least one URL'))
    .transform((urls) => urls.map((url) => url.replace(/\/+$/, '')));
const optionalAbsoluteUrl = z.preprocess((value) => (value === '' ? undefined : value), httpUrl.optional());

export const gatewaySchema = baseServiceSchema.extend({
  PORT: port(DEFAULT_PORTS.gateway),
  IDENTITY_URL: replicaList(local(DEFAULT_PORTS.identity)),
  BOOKING_URL: replicaList(local(DEFAULT_PORTS.booking)),
  ASSISTANT_URL: replicaList(local(DEFAULT_PORTS.assistant)),
  SHELL_ORIGIN: baseUrl(local(DEFAULT_PORTS.shell)),
  MFE_CATALOGUE_ORIGIN: baseUrl(local(DEFAULT_PORTS.mfe_catalogue)),
  MFE_BOOKING_ORIGIN: baseUrl(local(DEFAULT_PORTS.mfe_booking)),
  MFE_PROVIDER_ORIGIN: baseUrl(local(DEFAULT_PORTS.mfe_provider)),
  MFE_ADMIN_ORIGIN: baseUrl(local(DEFAULT_PORTS.mfe_admin)),
  /** Where /remotes.json points a remote instead of its /mfe/<name>/ path (e.g. a CDN). */
  MFE_CATALOGUE_MANIFEST_URL: optionalAbsoluteUrl,
  MFE_BOOKING_MANIFEST_URL: optionalAbsoluteUrl,
  MFE_PROVIDER_MANIFEST_URL: optionalAbsoluteUrl,
  MFE_ADMIN_MANIFEST_URL: optionalAbsoluteUrl,
  /** Browser origins allowed to call the gateway cross-origin; empty means same-origin only. */
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((value) => value.split(',').map((origin) => origin.trim()).filter(Boolean))
    .pipe(z.array(httpUrl))
    .transform((urls) => urls.map((url) => new URL(url).origin)),
  /**
   * Peers whose `x-forwarded-for` is believed (an ingress controller or load balancer in front):
   * the client they name is the address the gateway passes on. Empty: the socket's peer is the client.
   */
  TRUSTED_PROXIES: addressList(''),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** How often upstream host names are re-resolved into replicas (0: never, use the URLs as given). */
  UPSTREAM_DNS_REFRESH_MS: z.coerce.number().int().min(0).default(5_000),
  /** Where the token check gets identity's keys; unset: the first IDENTITY_URL replica's JWKS. */
  IDENTITY_JWKS_URL: optionalAbsoluteUrl,
}).transform((env) => ({ ...env, IDENTITY_JWKS_URL: env.IDENTITY_JWKS_URL ?? `${env.IDENTITY_URL[0]}${JWKS_PATH}` }));

export type GatewayEnv = z.infer<typeof gatewaySchema>;
export type GatewayConfig = ServiceConfig & GatewayEnv;

/** Everything the gateway forwards to: the services, the remotes' static servers and the shell's. */
export type Upstream = ServiceName | RemoteName | 'shell';

const envKey = (remote: RemoteName) => remote.toUpperCase() as Uppercase<RemoteName>;

/** Base URLs of each upstream's replicas (static servers have one). */
export function upstreamReplicas(config: GatewayEnv): Record<Upstream, readonly string[]> {
  return {
    identity: config.IDENTITY_URL,
    booking: config.BOOKING_URL,
    assistant: config.ASSISTANT_URL,
    shell: [config.SHELL_ORIGIN],
    ...(Object.fromEntries(REMOTE_NAMES.map((remote) => [remote, [config[`${envKey(remote)}_ORIGIN`]]])) as Record<
      RemoteName,
      string[]
    >),
  };
}

/** Configured manifest overrides, per remote. */
export const manifestOverride = (config: GatewayEnv, remote: RemoteName): string | undefined =>
  config[`${envKey(remote)}_MANIFEST_URL`];
