// One Rsbuild + Module Federation setup for the shell and every remote, so shared singletons,
// ports and public paths cannot drift between apps.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { pluginPrecompress } from './precompress.mjs';

const kitRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const contractsRoot = path.resolve(kitRoot, '../contracts');

// No version requirement: every app is built from one lockfile, so a singleton's check could only
// warn, and the runtime's semver check of each share it resolves was ~45 ms of a /services load at 4x CPU.
const singleton = { singleton: true, requiredVersion: false };

/**
 * Singletons of ARCHITECTURE.md §2: one React tree, one antd context, one i18n, one session, and one
 * router, which travels inside '@khidma/web-kit' (src/router.ts) so only its used parts are shipped.
 */
export const sharedSingletons = {
  react: singleton,
  'react/': singleton,
  'react-dom': singleton,
  'react-dom/': singleton,
  // Whole-library singleton, loaded only by screens that use antd. MF 2's experimental
  // `treeShaking: { mode: 'runtime-infer' }` hung remote loading in our tests: see docs/frontend/antd-sharing.md.
  antd: singleton,
  i18next: singleton,
  'react-i18next': singleton,
  zustand: singleton,
  '@khidma/web-kit': singleton,
};

const GATEWAY = process.env.KHIDMA_GATEWAY_URL ?? 'http://localhost:3000';

/**
 * @param {{ name: string, port: number, exposes?: Record<string, string>, runtimePlugins?: string[], title: string, description?: string, favicon?: string }} app
 */
export function defineKhidmaApp({ name, port, exposes, runtimePlugins = [], title, description, favicon }) {
  const isHost = exposes === undefined;
  return defineConfig(({ command }) => ({
    plugins: [
      pluginReact(),
      pluginModuleFederation({
        name,
        exposes,
        shared: sharedSingletons,
        shareStrategy: 'loaded-first',
        runtimePlugins,
        // Remotes are registered at run time from /remotes.json, never baked into a build.
        remotes: {},
        dts: false,
        experiments: {
          ...federationRuntimeSharing(isHost, command),
          // Every app runs in a browser: the runtime leaves its Node.js script loading out (9 KB of the shell's entry).
          optimization: { target: 'web' },
        },
      }),
      pluginPrecompress(),
    ],
    source: { entry: { index: './src/index.ts' } },
    resolve: {
      // Workspace packages compile from their TypeScript sources, like Jest does.
      // Subpaths first: the bare '@khidma/web-kit' alias would also match '@khidma/web-kit/charts'.
      alias: {
        '@khidma/web-kit/charts': path.join(kitRoot, 'src/charts/index.tsx'),
        '@khidma/web-kit': path.join(kitRoot, 'src/index.ts'),
        '@khidma/contracts': path.join(contractsRoot, 'src/index.ts'),
      },
    },
    html: {
      title,
      // The page sets its own title and description per language once it runs (usePageMeta); these are for the first paint and crawlers.
      meta: { viewport: 'width=device-width, initial-scale=1', ...(description ? { description } : {}) },
      // English, left to right until the shell applies the visitor's language (crawlers read it as is).
      template: path.join(kitRoot, 'build/index.html'),
      favicon,
      // The body is an empty #root until the entry runs, so the first paint waits for it either way. A
      // deferred entry let Lighthouse's simulator place the first paint before it and count its whole
      // evaluation as blocking time; declared blocking, at the end of the body, it is modelled as it runs.
      inject: 'body',
      scriptLoading: 'blocking',
    },
    output: {
      // Remotes compute their public path from where their manifest was fetched, so the same build
      // works at http://localhost:4001/ and behind the gateway at /mfe/<name>/.
      assetPrefix: isHost ? '/' : 'auto',
      distPath: { root: 'dist' },
    },
    dev: { assetPrefix: isHost ? '/' : 'auto' },
    server: {
      port,
      strictPort: true,
      cors: !isHost,
      historyApiFallback: true,
      // In dev the shell talks to the gateway for the API, the remotes manifest and remote assets.
      proxy: isHost
        ? { '/api': GATEWAY, '/remotes.json': GATEWAY, '/mfe': GATEWAY }
        : undefined,
    },
  }));
}

/**
 * One Module Federation runtime per page: the shell provides its runtime core on `globalThis`
 * (`_FEDERATION_RUNTIME_CORE`) and a remote's production build takes it from there instead of
 * bundling its own copy. A remote's dev server (`rsbuild dev`: its standalone harness, no shell
 * on the page) keeps its own runtime so the harness can start; a dev remote inside the shell then
 * simply runs its own copy, as before. The production build's own index.html is therefore no harness.
 * @param {boolean} isHost
 * @param {string} command
 */
function federationRuntimeSharing(isHost, command) {
  if (isHost) return { provideExternalRuntime: true };
  return { externalRuntime: command === 'build' };
}
