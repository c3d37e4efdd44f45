import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compresses what is not compressed yet: API JSON, manifests, the gateway's own documents. The static
 * servers send their build-time .br/.gz copies, which pass as they are (already encoded). Event streams
 * are never buffered (the plugin leaves text/event-stream alone); request bodies pass through as sent.
 * Quality 4 is brotli's on-the-fly setting: most of the gain for a fraction of the CPU of 11.
 */
export async function registerCompression(fastify: FastifyInstance) {
  await fastify.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    globalDecompression: false,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
