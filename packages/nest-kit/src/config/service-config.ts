import type { BaseServiceConfig } from './load-config.js';

/**
 * DI token of the running service's validated config. Every service provides its own (wider) config
 * object under it; nest-kit modules read the base part.
 */
export const SERVICE_CONFIG = Symbol('SERVICE_CONFIG');

export interface ServiceIdentity {
  /** Short name: `identity`, `booking`, `assistant`, `gateway`, `mailer`. */
  name: string;
  /**
   * True where no Redis is configured: the service then runs the jobs it produces in its own
   * process (the embedded profile), otherwise dedicated workers consume them from BullMQ.
   */
  inlineJobs: boolean;
}

export type ServiceConfig = BaseServiceConfig & { SERVICE: ServiceIdentity };
