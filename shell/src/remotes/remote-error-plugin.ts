import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * Runtime plugin for remote load failures. It records which remote failed and at which step (the
 * error boundary only sees the error), then lets the error propagate: the route's boundary shows the
 * localized "temporarily unavailable" panel with Retry while the rest of the shell keeps working.
 */
export default function remoteErrorPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'khidma-remote-error',
    errorLoadRemote({ id, lifecycle, error }) {
      console.error(`[shell] remote "${id}" failed to load (${lifecycle})`, error);
      return undefined;
    },
  };
}
