import {
  type ArgumentsHost,
  Catch,
  type ExceptionFilter,
  HttpException,
  HttpStatus,
  Logger,
} from '@nestjs/common';
import type { ApiErrorBody } from '@khidma/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

const CODE_BY_STATUS: Record<number, string> = {
  400: 'validation_failed',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  429: 'rate_limited',
  503: 'service_unavailable',
};

/** Every error leaves as an ApiErrorBody; unexpected ones are logged and never leak details. */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost) {
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const request = http.getRequest<FastifyRequest>();
    const body = this.toBody(exception);
    body.requestId = String(request.id);
    if (body.statusCode >= 500) {
      this.logger.error(
        exception instanceof Error ? exception.message : String(exception),
        exception instanceof Error ? exception.stack : undefined,
      );
    }
    // Every 429 says when to come back, in the header clients and proxies read as well as in params.
    const retryAfter = body.params?.retryAfterSeconds;
    if (body.statusCode === 429 && retryAfter !== undefined) void reply.header('Retry-After', String(retryAfter));
    void reply.status(body.statusCode).send(body);
  }

  private toBody(exception: unknown): ApiErrorBody {
    if (!(exception instanceof HttpException)) {
      return {
        statusCode: HttpStatus.INTERNAL_SERVER_ERROR,
        code: 'internal_error',
        message: 'Something went wrong. Please try again.',
      };
    }
    const statusCode = exception.getStatus();
    const response = exception.getResponse();
    const fallback = { statusCode, code: CODE_BY_STATUS[statusCode] ?? 'error', message: exception.message };
    if (typeof response !== 'object' || response === null) return fallback;
    const given = response as Partial<ApiErrorBody> & { message?: unknown };
    return {
      ...fallback,
      ...(typeof given.code === 'string' ? { code: given.code } : {}),
      ...(typeof given.message === 'string' ? { message: given.message } : {}),
      ...(given.fields ? { fields: given.fields } : {}),
      ...(given.params ? { params: given.params } : {}),
    };
  }
}
