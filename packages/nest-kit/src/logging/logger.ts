import type { LoggerService } from '@nestjs/common';
import { pino, type Logger, type LoggerOptions } from 'pino';
import { traceLogFields } from '../tracing/trace-context.js';
import { currentRequestId } from './request-context.js';

/** JSON logs; every line written inside a request carries its `reqId`, inside a request or job its `trace_id` and `span_id`. */
export function createLogger(service: string, level: string): Logger {
  const options: LoggerOptions = {
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    // Fastify's request logger already binds reqId; the mixin covers every other log line.
    mixin: (_merge, _level, current) => {
      const reqId = currentRequestId();
      const bound = current.bindings();
      return { ...(reqId && !('reqId' in bound) ? { reqId } : {}), ...('trace_id' in bound ? {} : traceLogFields()) };
    },
  };
  return pino(options);
}

/** Routes Nest's own log calls into the same pino logger. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string) {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
}
