import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { SERVICE_CONFIG } from '@khidma/nest-kit';
import type { FastifyInstance } from 'fastify';
import { GatewayAuth } from './auth/gateway-auth.js';
import type { GatewayConfig } from './config.js';
import { proxyPlugin } from './proxy/proxy.plugin.js';
import { Upstreams } from './proxy/upstreams.js';
import { registerSecurity } from './security/security.js';

/**
 * The Fastify side of the gateway, registered while Nest initialises (before it listens), so the
 * entry point and tests start it the same way: security headers and CORS for every route, the bearer-token check, and the proxy for every path no gateway route answers.
 */
@Injectable()
export class GatewayHttpSetup implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    @Inject(SERVICE_CONFIG) private readonly config: GatewayConfig,
    private readonly upstreams: Upstreams,
    private readonly auth: GatewayAuth,
  ) {}

  async onModuleInit() {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    await registerSecurity(fastify, this.config);
    this.auth.register(fastify);
    // An encapsulated scope: its catch-all body "parser" must not replace the JSON parsing of the
    // gateway's own routes.
    await fastify.register((scope) => proxyPlugin(scope, this.upstreams));
  }
}
