import type { INestApplication } from '@nestjs/common';
import { type ApiErrorBody, UPLOADS } from '@khidma/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { SEND_MESSAGE_PATH } from '../conversations/conversations.controller.js';
import { APPLY_PATH } from './provider-applications.controller.js';

/** Base64 grows bytes by 4/3; the rest of a message body is small. */
const ONE_IMAGE_BODY_BYTES = Math.ceil((UPLOADS.maxImageBytes * 4) / 3) + 64 * 1024;

/** POST routes that take images inside their JSON body, and the body each may have. */
const UPLOAD_ROUTES: Record<string, number> = {
  [APPLY_PATH]: UPLOADS.maxTotalBytes,
  [SEND_MESSAGE_PATH]: ONE_IMAGE_BODY_BYTES,
};

/**
 * Routes that take images inside the JSON body (the provider application, a chat photo) alone accept
 * more than the 1 MiB default, and a larger body gets the spec's 'Payload is too large' as an
 * ApiErrorBody. Must run before the app registers its routes.
 */
export function applyUploadBodyLimit(app: INestApplication) {
  const fastify = app.getHttpAdapter().getInstance() as FastifyInstance;
  fastify.addHook('onRoute', (route) => {
    const bodyLimit = route.method === 'POST' ? UPLOAD_ROUTES[route.url] : undefined;
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
