import type { ComponentType } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteName, RemotesManifest } from '@khidma/contracts';

/**
 * An exposed page. `usesAntd: false` declares that it renders no antd component: the shell then mounts
 * it without `WithAntd`, so the antd library is not fetched before its first paint.
 */
export type RemotePageModule = { default: ComponentType; usesAntd?: boolean };
export type RemotePageLoader = (remote: RemoteName, module: string, reload: boolean) => Promise<RemotePageModule>;

export const REMOTES_MANIFEST_URL = '/remotes.json';

let manifestRequest: Promise<RemotesManifest> | undefined;
const registered = new Map<string, string>();

// Manifest URLs may be relative to the page (gateway paths); the MF runtime needs absolute ones.
const absolute = (url: string): string => new URL(url, window.location.href).href;

/** `force` replaces a remote the runtime already knows, dropping its cached container. */
function register(name: string, entry: string, force: boolean): void {
  registerRemotes([{ name, entry }], { force });
  registered.set(name, entry);
}

/**
 * Fetches /remotes.json and registers the remotes with the MF runtime. Remote URLs live only in
 * that file (served by the gateway), so moving a remote never needs a shell rebuild.
 */
export function loadRemotesManifest(refresh = false): Promise<RemotesManifest> {
  if (refresh) manifestRequest = undefined;
  manifestRequest ??= (async () => {
    const res = await fetch(REMOTES_MANIFEST_URL, { headers: { Accept: 'application/json' }, cache: 'no-cache' });
    if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
    const manifest = (await res.json()) as RemotesManifest;
    for (const [name, url] of Object.entries(manifest)) {
      const entry = absolute(url);
      const known = registered.get(name);
      // New remotes are added; a remote whose URL changed since the last read is replaced.
      if (known !== entry) register(name, entry, known !== undefined);
    }
    return manifest;
  })();
  // A failed fetch is not cached: the next Retry asks again.
  manifestRequest.catch(() => (manifestRequest = undefined));
  return manifestRequest;
}

/** Loads one exposed page; `reload` (Retry) re-reads the manifest and reloads that remote only. */
export const loadRemotePage: RemotePageLoader = async (remote, module, reload) => {
  const manifest = await loadRemotesManifest(reload);
  const url = manifest[remote];
  if (!url) throw new Error(`${remote} is missing from ${REMOTES_MANIFEST_URL}`);
  if (reload) register(remote, absolute(url), true);
  const loaded = await loadRemote<RemotePageModule>(`${remote}/${module}`);
  if (!loaded?.default) throw new Error(`${remote}/${module} has no default export`);
  return loaded;
};
