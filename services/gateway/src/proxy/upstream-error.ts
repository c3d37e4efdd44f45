import type { ApiErrorBody } from '@khidma/contracts';
import type { FastifyReply } from 'fastify';
import type { Upstream } from '../config.js';

/** Socket-level failures that mean "this replica is not there"; another replica may be. */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT']);

interface CodedError {
  code?: string;
  statusCode?: number;
  cause?: unknown;
}

/** reply-from wraps the socket error; its own code or its cause's tells what happened. */
export function classifyUpstreamError(error: unknown): { unreachable: boolean; timedOut: boolean } {
  const outer = (error ?? {}) as CodedError;
  const cause = (outer.cause ?? {}) as CodedError;
  const unreachable = UNREACHABLE_CODES.has(outer.code ?? '') || UNREACHABLE_CODES.has(cause.code ?? '');
  return { unreachable, timedOut: !unreachable && outer.statusCode === 504 };
}

/** What a caller is told when `upstream` could not be reached (503) or did not answer in time (504). */
export function upstreamErrorBody(upstream: Upstream, timedOut: boolean): ApiErrorBody {
  return {
    statusCode: timedOut ? 504 : 503,
    code: 'service_unavailable',
    message: timedOut
      ? `The ${upstream} service did not answer in time. Please try again shortly.`
      : `The ${upstream} service is unavailable. Please try again shortly.`,
    params: { service: upstream },
  };
}

/**
 * The shell is what a browser opens first, so its outage gets a page rather than JSON. Everything is
 * inline (no scripts) so it renders under the CSP with nothing else reachable.
 */
const unavailablePage = (requestId: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="30">
<title>Khidma is temporarily unavailable · خدمة غير متاحة مؤقتًا</title>
<style>
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;font-family:system-ui,-apple-system,"Segoe UI",Tahoma,sans-serif;background:#f5f7fa;color:#1f2933}
main{max-width:32rem;padding:2rem;background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
section+section{margin-top:1.5rem;padding-top:1.5rem;border-top:1px solid #e4e7eb}
h1{font-size:1.25rem;margin:0 0 .5rem}p{margin:.25rem 0;line-height:1.5}
a{color:#1677ff}small{color:#7b8794}
</style>
</head>
<body>
<main>
<section lang="en" dir="ltr">
<h1>Khidma is temporarily unavailable</h1>
<p>We could not load the application. Please <a href="">try again</a> in a moment.</p>
</section>
<section lang="ar" dir="rtl">
<h1>خدمة غير متاحة مؤقتًا</h1>
<p>تعذّر تحميل التطبيق. يرجى <a href="">المحاولة مرة أخرى</a> بعد قليل.</p>
</section>
<p><small>Request id: ${requestId}</small></p>
</main>
</body>
</html>
`;

/** Answers for an upstream that could not be reached or did not answer in time. */
export function sendUpstreamError(reply: FastifyReply, upstream: Upstream, timedOut: boolean) {
  const requestId = String(reply.request.id);
  const body = { ...upstreamErrorBody(upstream, timedOut), requestId };
  void reply.code(body.statusCode).header('cache-control', 'no-store').header('retry-after', '5');
  if (upstream === 'shell') {
    void reply.type('text/html; charset=utf-8').send(unavailablePage(requestId.replace(/[^\w.-]/g, '')));
  } else {
    void reply.send(body);
  }
}
