import { REMOTE_NAMES, remotePathPrefix } from '@khidma/contracts';
import type { Upstream } from '../config.js';

/** Who answers a path: the gateway itself or one upstream. */
export type RouteTarget = Upstream | 'gateway';

export interface RouteRule {
  /**
   * Which paths the rule takes, in the notation of docs/routing.md: `/x/*` is `/x` and everything
   * below it, `/x*` every path that starts with `/x`, anything else that exact path.
   */
  path: string;
  to: RouteTarget;
  /** Prefix removed before forwarding; without it the path goes upstream unchanged (query included). */
  strip?: string;
  /** Methods the rule takes; other methods get a 404. Unset: all. */
  methods?: readonly string[];
}

const remoteRules: RouteRule[] = REMOTE_NAMES.map((remote) => {
  const prefix = remotePathPrefix(remote).replace(/\/$/, '');
  return { path: `${prefix}/*`, to: remote, strip: prefix };
});

/**
 * The gateway's routing, first match wins. This is the one place it is defined: the proxy resolves
 * every request with it and docs/routing.md renders it (a test keeps the two equal). Services mount
 * their routes under /api themselves, so /api paths travel unchanged.
 */
export const ROUTE_TABLE: readonly RouteRule[] = [
  { path: '/healthz', to: 'gateway' },
  { path: '/readyz', to: 'gateway' },
  { path: '/openapi.json', to: 'gateway' },
  { path: '/remotes.json', to: 'gateway' },
  // Its own metrics, behind METRICS_TOKEN; never the shell's page nor a service's /metrics.
  { path: '/metrics', to: 'gateway' },
  { path: '/api/docs/*', to: 'gateway' },
  { path: '/api/auth/*', to: 'identity' },
  { path: '/api/users/*', to: 'identity' },
  // The account list; a change (PATCH /api/admin/users/:id) is booking's moderation, which audits it and has identity apply it.
  { path: '/api/admin/users', to: 'identity', methods: ['GET'] },
  // Aggregated by the gateway: booking's figures plus identity's user count.
  { path: '/api/admin/stats', to: 'gateway' },
  { path: '/.well-known/jwks.json', to: 'identity' },
  { path: '/api/ai/*', to: 'assistant' },
  { path: '/api/ai-actions/*', to: 'assistant' },
  { path: '/api/*', to: 'booking' },
  ...remoteRules,
  { path: '/*', to: 'shell', methods: ['GET', 'HEAD'] },
];

type Matcher = (path: string) => boolean;

function matcherOf(pattern: string): Matcher {
  if (pattern.endsWith('/*')) {
    const base = pattern.slice(0, -2);
    const below = `${base}/`;
    return (path) => path === base || path.startsWith(below);
  }
  if (pattern.endsWith('*')) {
    const prefix = pattern.slice(0, -1);
    return (path) => path.startsWith(prefix);
  }
  return (path) => path === pattern;
}

const compiled = ROUTE_TABLE.map((rule) => ({ rule, matches: matcherOf(rule.path) }));

/** The rule for a decoded request path (no query); the table ends with a catch-all, so always one. */
export function resolveRoute(path: string): RouteRule {
  for (const { rule, matches } of compiled) if (matches(path)) return rule;
  throw new Error(`The route table has no catch-all rule (no match for ${path})`);
}

/** The path sent upstream for a raw request path. */
export const forwardedPath = (rule: RouteRule, rawPath: string): string =>
  rule.strip ? rawPath.slice(rule.strip.length) || '/' : rawPath;
