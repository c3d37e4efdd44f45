import { type Context, context, createContextKey } from '@opentelemetry/api';

const REQUEST_ID = createContextKey('khidma.request-id');

/**
 * The request's context with its id, so every log line and outgoing call inside it can name it. It
 * rides in the trace's context (one AsyncLocalStorage for both): each store the process keeps adds
 * work to every promise and callback it creates.
 */
export const withRequestId = (scope: Context, requestId: string): Context => scope.setValue(REQUEST_ID, requestId);

export const currentRequestId = (): string | undefined => context.active().getValue(REQUEST_ID) as string | undefined;
