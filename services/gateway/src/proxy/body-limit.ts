import { Transform, type TransformCallback } from 'node:stream';
import { type ApiErrorBody, bodyLimitOf } from '@khidma/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

const MESSAGES = {
  en: 'Payload is too large',
  ar: 'حجم البيانات كبير جدًا',
} as const;

const tooLarge = new WeakSet<FastifyRequest>();

/** The route's body limit (contracts' BODY_LIMITS, which the services enforce too). */
export const requestBodyLimit = (request: FastifyRequest): number => bodyLimitOf(request.method, (request.raw.url ?? '/').split('?')[0]!);

/** Whether the request declared a body larger than its route takes (the limit is looked up only for a declared body). */
export function declaresTooLarge(request: FastifyRequest): boolean {
  const declared = request.headers['content-length'];
  return declared !== undefined && Number(declared) > requestBodyLimit(request);
}

/**
 * The body stream piped upstream, cut off once it passes the route's limit (a body without a
 * Content-Length, or one that lies): the request is marked so the proxy answers 413, not 503.
 */
export function limitedBody(request: FastifyRequest, payload: NodeJS.ReadableStream): NodeJS.ReadableStream {
  const limit = requestBodyLimit(request);
  let seen = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      seen += chunk.length;
      if (seen <= limit) return done(null, chunk);
      tooLarge.add(request);
      done(new Error('request body over the limit'));
    },
  });
  payload.on('error', (error) => counter.destroy(error));
  return payload.pipe(counter);
}

export const wasCutOff = (request: FastifyRequest): boolean => tooLarge.has(request);

/** 413 in the project's error shape, its message in the caller's language (the frontends translate the code). */
export function sendPayloadTooLarge(request: FastifyRequest, reply: FastifyReply) {
  const language = String(request.headers['accept-language'] ?? '').trim().toLowerCase().startsWith('ar') ? 'ar' : 'en';
  const body: ApiErrorBody = {
    statusCode: 413,
    code: 'payload_too_large',
    message: MESSAGES[language],
    params: { maxBytes: requestBodyLimit(request) },
    requestId: String(request.id),
  };
  // The rest of the body is not read: the connection closes after the answer.
  return reply.code(413).header('connection', 'close').send(body);
}
