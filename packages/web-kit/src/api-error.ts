import type { ApiErrorBody } from '@khidma/contracts';

/** A non-OK answer. `message` follows spec §8: "<status>: <body text or status text>". */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly fields: Record<string, string> | undefined;
  readonly body: ApiErrorBody | undefined;

  constructor(status: number, text: string, body?: ApiErrorBody) {
    super(`${status}: ${text}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.code = body?.code;
    this.fields = body?.fields;
  }

  static async fromResponse(res: Response): Promise<ApiError> {
    const text = await res.text().catch(() => '');
    let body: ApiErrorBody | undefined;
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object' && 'statusCode' in parsed) body = parsed as ApiErrorBody;
    } catch {
      // Not JSON (e.g. a proxy's HTML page): the raw text still goes into the message.
    }
    return new ApiError(res.status, text || res.statusText, body);
  }
}
