const started = new Map<string, Promise<unknown>>();

/**
 * Runs `task` once per key for the life of the page. E-mailed tokens (verification, admin link)
 * work only once, and React's StrictMode runs mount effects twice in development.
 */
export function oncePerPage<T>(key: string, task: () => Promise<T>): Promise<T> {
  if (!started.has(key)) started.set(key, task());
  return started.get(key) as Promise<T>;
}
