// Brotli and gzip siblings (`x.js.br`, `x.js.gz`) of every text asset, written at build time so the
// static servers (sirv) send them as they are and nothing is compressed per request.
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const TEXT_ASSET = /\.(?:js|mjs|css|html|json|svg|txt|map)$/;
/** Below this a compressed copy saves less than the request's own headers. */
const MIN_BYTES = 1024;

/** @returns {import('@rsbuild/core').RsbuildPlugin} */
export const pluginPrecompress = () => ({
  name: 'khidma:precompress',
  setup(api) {
    // The build's size table lists each asset once, with its gzip size, not its stored siblings.
    api.modifyRsbuildConfig((config, { mergeRsbuildConfig }) =>
      mergeRsbuildConfig(config, {
        performance: { printFileSize: { exclude: (asset) => /\.(?:map|LICENSE\.txt|br|gz)$/.test(asset.name) } },
      }),
    );
    // Production builds only: the dev server compresses on the fly.
    api.processAssets({ stage: 'optimize-transfer' }, async ({ assets, compilation, sources }) => {
      if (compilation.options.mode !== 'production') return;
      await Promise.all(
        Object.entries(assets)
          .filter(([name, source]) => TEXT_ASSET.test(name) && source.size() >= MIN_BYTES)
          .map(async ([name, source]) => {
            const content = source.buffer();
            const [br, gz] = await Promise.all([
              brotli(content, {
                params: {
                  [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
                },
              }),
              gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
            ]);
            compilation.emitAsset(`${name}.br`, new sources.RawSource(br));
            compilation.emitAsset(`${name}.gz`, new sources.RawSource(gz));
          }),
      );
    });
  },
});
