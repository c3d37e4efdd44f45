import { Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { SERVICE_NAMES, type ServiceName } from '@khidma/contracts';
import { OPENAPI_PATH } from '@khidma/nest-kit';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { Upstreams } from '../proxy/upstreams.js';
import { mergeOpenApi, type OpenApiDocument, type SourceDocument } from './merge-openapi.js';

/** Long enough to absorb a burst of page loads, short enough that a redeployed service shows up. */
const CACHE_MS = 10_000;
const FETCH_TIMEOUT_MS = 3_000;

/**
 * The public API as one OpenAPI document: the gateway's own routes plus each service's document,
 * fetched from a live replica when asked for and cached briefly. A service that cannot be reached is
 * left out and named in the description.
 */
@Injectable()
export class OpenApiService {
  private cached?: { until: number; document: Promise<OpenApiDocument> };

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly upstreams: Upstreams,
  ) {}

  document(): Promise<OpenApiDocument> {
    const now = Date.now();
    if (!this.cached || this.cached.until <= now) {
      this.cached = { until: now + CACHE_MS, document: this.build() };
    }
    return this.cached.document;
  }

  private async build(): Promise<OpenApiDocument> {
    const own = (await this.upstreams.getJson(this.ownOrigin(), OPENAPI_PATH, FETCH_TIMEOUT_MS)).body as OpenApiDocument;
    const fetched = await Promise.all(SERVICE_NAMES.map(async (service) => [service, await this.fetchFrom(service)] as const));
    const sources: SourceDocument[] = [{ source: 'gateway', document: own }];
    const missing: ServiceName[] = [];
    for (const [service, document] of fetched) {
      if (document) sources.push({ source: service, document });
      else missing.push(service);
    }
    const description = [
      `The public API of Khidma, served by the gateway. Merged from: gateway, ${sources.slice(1).map((s) => s.source).join(', ') || 'no service'}.`,
      ...(missing.length ? [`Unavailable right now and left out: ${missing.join(', ')}.`] : []),
    ].join('\n\n');
    return mergeOpenApi(sources, description);
  }

  /**
   * The gateway's own document comes from its own listener, as any client would get it: nest-kit
   * builds it from the Nest app, which no provider can reach. (An in-process fastify.inject would
   * spare the socket but its light-my-request cannot load under Jest's ESM runtime.)
   */
  private ownOrigin(): string {
    const server = this.adapterHost.httpAdapter.getInstance<FastifyInstance>().server;
    const { address, port } = server.address() as AddressInfo;
    const host = address === '0.0.0.0' || address === '::' ? '127.0.0.1' : address.includes(':') ? `[${address}]` : address;
    return `http://${host}:${port}`;
  }

  /** The service's own document from the first replica (in round-robin order) that serves it. */
  private async fetchFrom(service: ServiceName): Promise<OpenApiDocument | undefined> {
    const replicas = this.upstreams.replicasOf(service);
    const start = this.upstreams.nextIndex(service);
    for (let attempt = 0; attempt < replicas.length; attempt++) {
      try {
        const { status, body } = await this.upstreams.getJson(replicas[(start + attempt) % replicas.length]!, OPENAPI_PATH, FETCH_TIMEOUT_MS);
        if (status === 200 && body && typeof body === 'object' && 'paths' in body) return body as OpenApiDocument;
      } catch {
        // This replica is down; the next one may answer.
      }
    }
    return undefined;
  }
}
