import type { FastifyReply } from 'fastify';
import type { CheckedImage } from '../provider-applications/document-images.js';

/**
 * Answers with an image stored after checkImage, as what its bytes are (the type was sniffed on
 * upload, and `nosniff` keeps the browser to it), shown inline, cached as `cacheControl` says.
 */
export function sendStoredImage(reply: FastifyReply, { contentType, data }: CheckedImage, cacheControl: string): Buffer {
  void reply
    .header('content-type', contentType)
    .header('cache-control', cacheControl)
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', 'inline');
  return data;
}
