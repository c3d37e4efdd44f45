import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { lookup } from 'node:dns/promises';
import { SERVICE_CONFIG } from '@khidma/nest-kit';
import { Agent, type Dispatcher, request } from 'undici';
import { type GatewayConfig, type Upstream, upstreamReplicas } from '../config.js';
import { expandReplicas } from './replica-discovery.js';

/**
 * Whether a request asks for server-sent events, as a browser's EventSource does and the web client's
 * fetch-based streams do too. The proxy hands undici the headers as a plain object.
 */
export function isEventStreamRequest(headers: Dispatcher.DispatchOptions['headers']): boolean {
  if (!headers || Array.isArray(headers) || Symbol.iterator in headers) return false;
  return String((headers as Record<string, unknown>).accept ?? '').includes('text/event-stream');
}

/**
 * A server-sent event stream is quiet between events (booking's notification stream sends a comment
 * every 25 s), so the pause-inside-a-body limit must not cut it. Its headers are still awaited with
 * the normal limit, and it still ends when the client goes away (the proxy destroys the upstream body).
 */
/**
 * How long a replica that refused a connection takes no new requests (a load balancer's passive
 * health check). Long enough that the requests of a killed replica's restart go elsewhere, short
 * enough that a replica back on its feet soon takes its share again.
 */
export const REFUSED_REPLICA_PAUSE_MS = 5_000;

const eventStreamsWithoutBodyTimeout: Dispatcher.DispatcherComposeInterceptor = (dispatch) => (options, handler) =>
  dispatch(isEventStreamRequest(options.headers) ? { ...options, bodyTimeout: 0 } : options, handler);

/**
 * The upstreams' replicas and the one undici Agent that talks to all of them: it keeps a keep-alive
 * pool per origin, shared by proxied requests, readiness probes and OpenAPI fetches, so no request
 * ever creates a client of its own.
 */
@Injectable()
export class Upstreams implements OnModuleInit, OnApplicationShutdown {
  readonly agent: Agent;
  /** The agent as the proxy uses it: event streams exempt from the body timeout. */
  readonly proxyDispatcher: Dispatcher;
  private readonly configured: Record<Upstream, readonly string[]>;
  private replicas: Record<Upstream, readonly string[]>;
  private readonly cursors = new Map<Upstream, number>();
  /** Replica URL -> until when (performance.now()) it takes no new requests. */
  private readonly pausedUntil = new Map<string, number>();
  private discovery?: NodeJS.Timeout;

  constructor(@Inject(SERVICE_CONFIG) private readonly config: GatewayConfig) {
    this.configured = upstreamReplicas(config);
    this.replicas = this.configured;
    this.agent = new Agent({
      headersTimeout: config.UPSTREAM_TIMEOUT_MS,
      // Longest silence allowed between two chunks of an answer, not a cap on its total length.
      bodyTimeout: config.UPSTREAM_TIMEOUT_MS,
      connect: { timeout: Math.min(config.UPSTREAM_TIMEOUT_MS, 5_000) },
      keepAliveTimeout: 10_000,
    });
    this.proxyDispatcher = this.agent.compose(eventStreamsWithoutBodyTimeout);
  }

  /** Re-resolves upstream host names now and then, so replicas that come and go are followed. */
  async onModuleInit() {
    if (!this.config.UPSTREAM_DNS_REFRESH_MS) return;
    await this.discover();
    this.discovery = setInterval(() => void this.discover(), this.config.UPSTREAM_DNS_REFRESH_MS);
    this.discovery.unref();
  }

  private async discover() {
    const entries = await Promise.all(
      Object.entries(this.configured).map(async ([upstream, urls]) => [
        upstream,
        await expandReplicas(urls, (hostname) => lookup(hostname, { all: true })),
      ]),
    );
    this.replicas = Object.fromEntries(entries) as Record<Upstream, readonly string[]>;
  }

  /** Every replica of an upstream (health reports, documentation). */
  replicasOf(upstream: Upstream): readonly string[] {
    return this.replicas[upstream];
  }

  /**
   * The replicas that take requests now: all but those paused after refusing a connection, or all of
   * them when every one is paused (a request then tries rather than fails without asking).
   */
  liveReplicasOf(upstream: Upstream): readonly string[] {
    const all = this.replicas[upstream];
    if (!this.pausedUntil.size) return all;
    const now = performance.now();
    const live = all.filter((replica) => !((this.pausedUntil.get(replica) ?? 0) > now));
    return live.length ? live : all;
  }

  /**
   * A replica refused a connection (killed, restarting): the next requests go to the others for
   * REFUSED_REPLICA_PAUSE_MS. A request with a body is never replayed, so without this pause every
   * n-th one would fail for as long as the replica is away.
   */
  pauseRefusingReplica(replica: string) {
    this.pausedUntil.set(replica, performance.now() + REFUSED_REPLICA_PAUSE_MS);
  }

  /** Round-robin over the live replicas: the index of the one that takes the next request. */
  nextIndex(upstream: Upstream): number {
    const count = this.liveReplicasOf(upstream).length;
    if (count === 1) return 0;
    const index = this.cursors.get(upstream) ?? 0;
    this.cursors.set(upstream, (index + 1) % count);
    return index;
  }

  /** GETs `path` from one replica; resolves with the status and the parsed JSON body (if any). */
  async getJson(
    replica: string,
    path: string,
    timeoutMs: number,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; body: unknown }> {
    const response = await request(`${replica}${path}`, {
      dispatcher: this.agent,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      headers: { accept: 'application/json', ...headers },
    });
    const text = await response.body.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    return { status: response.statusCode, body };
  }

  async onApplicationShutdown() {
    clearInterval(this.discovery);
    await this.agent.close();
  }
}
