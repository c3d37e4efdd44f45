import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ApiErrorBody } from '@khidma/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Errors Fastify's router raises before any Nest handler or filter runs, as ApiErrorBody: a path
 * parameter longer than any id (`maxParamLength`) names nothing, so 404; a malformed URL is a 400.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const body: ApiErrorBody =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? { statusCode: 404, code: 'not_found', message: 'Not found' }
      : { statusCode: 400, code: 'validation_failed', message: 'Invalid request path' };
  void reply.code(body.statusCode).send({ ...body, requestId: String(request.id) });
}

/** How long a refused request's client may go on sending before its connection is closed anyway. */
const LINGER_MS = 5_000;

/**
 * What Node's HTTP parser refuses (oversized headers or URL, a timeout, a malformed request), answered
 * on the raw socket as ApiErrorBody rather than Fastify's own `{ error, message }`.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
  // Not writable: answered already, and the parser reports the bytes still arriving (see below).
  if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) return;
  const body: ApiErrorBody =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? { statusCode: 431, code: 'request_too_large', message: 'The request line or headers are too large' }
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? { statusCode: 408, code: 'request_timeout', message: 'The request took too long to arrive' }
        : { statusCode: 400, code: 'validation_failed', message: 'Malformed request' };
  const json = JSON.stringify(body);
  // A lingering close: end our side and keep reading what the client still sends. Destroying the socket
  // while a client is still writing an oversized request resets the connection, and the client then
  // fails on its next write without ever reading the answer.
  socket.end(
    `HTTP/1.1 ${body.statusCode} ${STATUS_CODES[body.statusCode]}\r\nContent-Length: ${Buffer.byteLength(json)}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${json}`,
  );
  socket.setTimeout(LINGER_MS, () => socket.destroy());
}
