import type { INestApplication } from '@nestjs/common';
import { type ApiErrorBody, UPLOADS } from '@khidma/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { APPLY_PATH } from './provider-applications.controller.js';

/**
 * The apply route takes its images inside the JSON body, so it alone accepts up to
 * UPLOADS.maxTotalBytes (every other route keeps the 1 MiB default), and a larger body gets the
 * spec's 'Payload is too large' as an ApiErrorBody. Must run before the app registers its routes.
 */
export function applyUploadBodyLimit(app: INestApplication) {
  const fastify = app.getHttpAdapter().getInstance() as FastifyInstance;
  fastify.addHook('onRoute', (route) => {
    if (route.url !== APPLY_PATH || route.method !== 'POST') return;
    route.bodyLimit = UPLOADS.maxTotalBytes;
    const inner = route.errorHandler;
    route.errorHandler = function (error: FastifyError, request, reply) {
      if (error.code !== 'FST_ERR_CTP_BODY_TOO_LARGE') {
        return inner ? inner.call(this, error, request, reply) : reply.send(error);
      }
      const body: ApiErrorBody = {
        statusCode: 413,
        code: 'payload_too_large',
        message: 'Payload is too large',
        params: { maxBytes: UPLOADS.maxTotalBytes },
        requestId: String(request.id),
      };
      return reply.code(413).send(body);
    };
  });
}
