import { Redis } from 'ioredis';

/** How long a Redis command may take before its caller treats Redis as down. */
export const REDIS_COMMAND_TIMEOUT_MS = 1_000;

/**
 * A Redis client for request paths that have an answer of their own while Redis is down (the session
 * check asks identity, the sign-in limiter counts in memory): a command fails within a second (no
 * offline queue, a command timeout) instead of waiting for the reconnect, and the client keeps
 * reconnecting in the background. Close it with `disconnect()`: `quit()` would need a live connection.
 */
export function failFastRedis(url: string): Redis {
  const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: REDIS_COMMAND_TIMEOUT_MS });
  // Without a listener ioredis reports every failed reconnect as an unhandled error.
  redis.on('error', () => undefined);
  return redis;
}
