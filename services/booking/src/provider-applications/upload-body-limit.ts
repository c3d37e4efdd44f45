import type { INestApplication } from '@nestjs/common';
import { type ApiErrorBody, BODY_LIMITS } from '@khidma/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';

/**
 * Routes that take images inside the JSON body (the provider application, a chat photo) alone accept
 * more than the 1 MiB default, and a larger body gets the spec's 'Payload is too large' as an
 * ApiErrorBody. Must run before the app registers its routes.
 */
export function applyUploadBodyLimit(app: INestApplication) {
  const fastify = app.getHttpAdapter().getInstance() as FastifyInstance;
  fastify.addHook('onRoute', (route) => {
    const bodyLimit = BODY_LIMITS.uploads.find((upload) => upload.method === route.method && upload.path === route.url)?.bytes;
    if (!bodyLimit) return;
    route.bodyLimit = bodyLimit;
    const inner = route.errorHandler;
    route.errorHandler = function (error: FastifyError, request, reply) {
      if (error.code !== 'FST_ERR_CTP_BODY_TOO_LARGE') {
        return inner ? inner.call(this, error, request, reply) : reply.send(error);
      }
      const body: ApiErrorBody = {
        statusCode: 413,
        code: 'payload_too_large',
        message: 'Payload is too large',
        params: { maxBytes: bodyLimit },
        requestId: String(request.id),
      };
      return reply.code(413).send(body);
    };
  });
}
