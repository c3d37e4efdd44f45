/** Test helper: the parts of a fetch Response the frontends read (jsdom has no Response class). */
export function fakeResponse(status: number, body: unknown = '', statusText = ''): Response {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return { ok: status >= 200 && status < 300, status, statusText, text: async () => text, json: async () => JSON.parse(text) as unknown } as Response;
}
export { describeLocalizedPages, type ExamplePage } from './testingPages.js';
