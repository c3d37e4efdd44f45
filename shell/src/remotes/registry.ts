import type { ComponentType } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteName, RemotesManifest } from '@khidma/contracts';

export type RemotePageModule = { default: ComponentType };
export type RemotePageLoader = (remote: RemoteName, module: string, reload: boolean) => Promise<RemotePageModule>;

export const REMOTES_MANIFEST_URL = '/remotes.json';

let manifestRequest: Promise<RemotesManifest> | undefined;

// Manifest URLs may be relative to the page (gateway paths); the MF runtime needs absolute ones.
const absolute = (url: string): string => new URL(url, window.location.href).href;

/**
 * Fetches /remotes.json and registers every remote with the MF runtime. Remote URLs live only in
 * that file (served by the gateway), so moving a remote never needs a shell rebuild.
 */
export function loadRemotesManifest(force = false): Promise<RemotesManifest> {
  if (force) manifestRequest = undefined;
  manifestRequest ??= (async () => {
    const res = await fetch(REMOTES_MANIFEST_URL, { headers: { Accept: 'application/json' }, cache: 'no-cache' });
    if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
    const manifest = (await res.json()) as RemotesManifest;
    registerRemotes(
      Object.entries(manifest).map(([name, entry]) => ({ name, entry: absolute(entry) })),
      { force },
    );
    return manifest;
  })();
  // A failed fetch is not cached: the next Retry asks again.
  manifestRequest.catch(() => (manifestRequest = undefined));
  return manifestRequest;
}

/** Loads one exposed page; `reload` re-reads the manifest and drops the runtime's cache of the remote. */
export const loadRemotePage: RemotePageLoader = async (remote, module, reload) => {
  const manifest = await loadRemotesManifest(reload);
  if (!manifest[remote]) throw new Error(`${remote} is missing from ${REMOTES_MANIFEST_URL}`);
  const loaded = await loadRemote<RemotePageModule>(`${remote}/${module}`);
  if (!loaded?.default) throw new Error(`${remote}/${module} has no default export`);
  return loaded;
};
