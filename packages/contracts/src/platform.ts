/** Names and ports of the deployable apps: one table for scripts, gateway defaults and docs. */
export const SERVICE_NAMES = ['identity', 'booking', 'assistant'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

export const DEFAULT_PORTS = {
  gateway: 3000,
  identity: 3001,
  booking: 3002,
  assistant: 3003,
  shell: 4000,
  mfe_catalogue: 4001,
  mfe_booking: 4002,
  mfe_provider: 4003,
  mfe_admin: 4004,
} as const;

export const REMOTE_NAMES = ['mfe_catalogue', 'mfe_booking', 'mfe_provider', 'mfe_admin'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** Path prefix under which the gateway serves each remote's static files. */
export const remotePathPrefix = (name: RemoteName): string => `/mfe/${name.replace('mfe_', '')}/`;

/** Shape of `/remotes.json`, which the shell fetches at run time: remote name -> manifest URL. */
export type RemotesManifest = Record<RemoteName, string>;

export interface HealthReport {
  status: 'ok' | 'error';
  service: string;
  checks: Record<string, { status: 'up' | 'down'; message?: string }>;
}
