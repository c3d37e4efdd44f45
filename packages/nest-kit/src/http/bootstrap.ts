import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import type { INestApplication, Type } from '@nestjs/common';
import { PATH_METADATA } from '@nestjs/common/constants.js';
import { ModulesContainer, NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { ApiBearerAuth, DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { REQUEST_ID_HEADER } from '@khidma/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { ConfigError, loadConfig } from '../config/load-config.js';
import { createLogger, PinoNestLogger } from '../logging/logger.js';
import { IS_PUBLIC } from '../auth/decorators.js';
import { SERVICE_CONFIG, type ServiceConfig } from '../config/service-config.js';
import { exposeHttpMetrics } from '../metrics/http-metrics.js';
import { Metrics } from '../metrics/metrics.service.js';
import { traceHttpRequests } from '../tracing/http-tracing.js';
import { ApiExceptionFilter } from './api-exception.filter.js';
import { clientErrorHandler, frameworkErrors } from './framework-errors.js';
import { withContractSchemas } from './answers.js';
import { withDtoSchemas } from './openapi-schemas.js';
import { createValidationPipe } from './validation.js';

/** Loads config or stops the process with a message that names each bad variable. */
export function loadConfigOrExit<S extends z.ZodType>(service: string, schema: S): z.infer<S> {
  try {
    return loadConfig(schema);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`[${service}] ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

export interface HttpAppOptions {
  name: string;
  logLevel: string;
  /** Largest accepted request body (uploads need more than the default 1 MiB). */
  bodyLimit?: number;
  /** Peers (addresses or CIDR ranges) whose `x-forwarded-for` names the client, as `request.ip`; none by default. */
  trustProxy?: readonly string[];
  /** Fastify plugins that must see every route (their `onRoute` hooks), registered before Nest adds any. */
  beforeRoutes?: (fastify: FastifyInstance) => Promise<void>;
  /** The app listens on the internet (the gateway): /metrics is served only against METRICS_TOKEN. */
  publicPort?: boolean;
}

export interface RegisteredRoute {
  method: string;
  url: string;
}

const ROUTES = new WeakMap<INestApplication, RegisteredRoute[]>();

/** Every route the app's router has (Nest's and Fastify's own), as registered; filled when the app initialises. */
export const registeredRoutes = (app: INestApplication): readonly RegisteredRoute[] => ROUTES.get(app) ?? [];

/**
 * A Nest app on Fastify with the conventions every service shares: JSON logs tagged with the request
 * id (taken from `x-request-id` when a caller sends one, echoed back) and the trace (W3C
 * `traceparent` in, `traceresponse` out), the global validation pipe,
 * ApiErrorBody errors and graceful shutdown on SIGTERM / SIGINT.
 */
export async function createHttpApp(module: Type | object, options: HttpAppOptions) {
  const logger = createLogger(options.name, options.logLevel);
  const adapter = new FastifyAdapter({
    loggerInstance: logger,
    requestIdHeader: REQUEST_ID_HEADER,
    genReqId: () => randomUUID(),
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    trustProxy: options.trustProxy?.length ? [...options.trustProxy] : false,
    frameworkErrors,
    clientErrorHandler,
  });
  const fastify = adapter.getInstance();
  // First: every later hook, handler and log line of the request runs inside its span and knows its id.
  traceHttpRequests(fastify);
  fastify.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  const routes: RegisteredRoute[] = [];
  fastify.addHook('onRoute', ({ method, url }) => {
    for (const one of [method].flat()) routes.push({ method: one, url });
  });
  await options.beforeRoutes?.(fastify);

  const app = await NestFactory.create<NestFastifyApplication>(module as Type, adapter, {
    logger: new PinoNestLogger(logger),
    bufferLogs: false,
  });
  ROUTES.set(app, routes);
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new ApiExceptionFilter());
  // Only the signals a supervisor stops with: Nest's default list also has SIGUSR2 etc., so a diagnostic
  // signal (node --heapsnapshot-signal=SIGUSR2) would shut the service down instead of writing a snapshot.
  app.enableShutdownHooks(['SIGTERM', 'SIGINT']);
  exposeOpenApi(app, options.name);
  // Nest adds its routes at init, after this hook, so every one of them is timed. A module without
  // CoreModule (a test's bare module) has no metrics; asking Nest for a missing provider ends the process.
  const withCore = [...app.get(ModulesContainer).values()].some((module) => module.providers.has(Metrics));
  if (withCore) {
    const config = app.get<ServiceConfig>(SERVICE_CONFIG);
    exposeHttpMetrics(app, fastify, { token: config.METRICS_TOKEN, publicPort: options.publicPort });
  }
  return app;
}

/** Path where every service publishes its own OpenAPI document; the gateway merges them at /api/docs. */
export const OPENAPI_PATH = '/openapi.json';

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/**
 * Every route handler not marked @Public() gets the document's bearer security, as the global guard
 * treats it; routes are read from the app's controllers, so none is missed or declared twice.
 */
function declareBearerOnGuardedRoutes(app: NestFastifyApplication) {
  for (const module of app.get(ModulesContainer).values()) {
    for (const { metatype } of module.controllers.values()) {
      if (typeof metatype !== 'function') continue;
      const classPublic = Reflect.getMetadata(IS_PUBLIC, metatype) === true;
      const prototype = metatype.prototype as Record<string, unknown>;
      for (const key of Object.getOwnPropertyNames(prototype)) {
        const handler = prototype[key];
        if (key === 'constructor' || typeof handler !== 'function' || Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
        const isPublic = Reflect.getMetadata(IS_PUBLIC, handler) ?? classPublic;
        if (!isPublic) ApiBearerAuth()(prototype, key, Object.getOwnPropertyDescriptor(prototype, key)!);
      }
    }
  }
}

/** Operations without bearer security need none, and say so (`security: []`) rather than leave it unsaid; no scheme twice. */
function withPublicOperationsDeclared(document: OpenAPIObject): OpenAPIObject {
  for (const item of Object.values(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!HTTP_METHODS.has(method) || typeof operation !== 'object' || operation === null) continue;
      const declared = operation as { security?: unknown[] };
      // A handler that also says @ApiBearerAuth() itself would list the scheme twice.
      declared.security = [...new Map((declared.security ?? []).map((entry) => [JSON.stringify(entry), entry])).values()];
    }
  }
  return document;
}

/**
 * Built on first request, not at start: by then the entry point has set the global prefix and the
 * routes are final.
 */
function exposeOpenApi(app: NestFastifyApplication, name: string) {
  let document: OpenAPIObject | undefined;
  app
    .getHttpAdapter()
    .getInstance()
    .get(OPENAPI_PATH, async () => {
      if (!document) {
        declareBearerOnGuardedRoutes(app);
        document = withContractSchemas(
          withDtoSchemas(
            app,
            withPublicOperationsDeclared(
              SwaggerModule.createDocument(app, new DocumentBuilder().setTitle(`Khidma ${name}`).setVersion('1').addBearerAuth().build()),
            ),
          ),
        );
      }
      return document;
    });
}

export async function listen(app: INestApplication, port: number, host: string) {
  await app.listen(port, host);
  return app;
}
