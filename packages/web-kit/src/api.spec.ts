import { jest } from '@jest/globals';
import { ApiError, apiBlob, apiFetch } from './api.js';
import { useSession } from './session.js';
import { fakeResponse } from './testing.js';

const respond = (status: number, body: string, statusText = '') =>
  jest.fn(async () => fakeResponse(status, body, statusText));

afterEach(() => useSession.setState({ status: 'anonymous', accessToken: null, user: null, expiresAt: null }));

it('sends JSON with the session bearer token and parses the answer', async () => {
  const fetchMock = respond(201, '{"id":7}');
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  useSession.setState({ status: 'authenticated', accessToken: 'tok' });
  await expect(apiFetch('/contact', { method: 'POST', json: { a: 1 } })).resolves.toEqual({ id: 7 });
  const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
  expect(url).toBe('/api/contact');
  expect(init.body).toBe('{"a":1}');
  const headers = new Headers(init.headers);
  expect(headers.get('Authorization')).toBe('Bearer tok');
  expect(headers.get('Content-Type')).toBe('application/json');
});

it('raises ApiError "<status>: <body>" with the code and fields of an ApiErrorBody', async () => {
  const body = JSON.stringify({ statusCode: 400, code: 'validation_failed', message: 'bad', fields: { email: 'email' } });
  globalThis.fetch = respond(400, body) as unknown as typeof fetch;
  const error = (await apiFetch('/contact').catch((e: unknown) => e)) as ApiError;
  expect(error).toBeInstanceOf(ApiError);
  expect(error.message).toBe(`400: ${body}`);
  expect(error.code).toBe('validation_failed');
  expect(error.fields).toEqual({ email: 'email' });
});

it('falls back to the status text when the body is empty', async () => {
  globalThis.fetch = respond(503, '', 'Service Unavailable') as unknown as typeof fetch;
  await expect(apiFetch('/x')).rejects.toThrow('503: Service Unavailable');
});

it('apiBlob sends the bearer and answers the file as a Blob', async () => {
  const file = new Blob(['jpeg bytes'], { type: 'image/jpeg' });
  const fetchMock = jest.fn(async () => fakeResponse(200, file));
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  useSession.setState({ status: 'authenticated', accessToken: 'tok' });
  await expect(apiBlob('/api/providers/documents/d1')).resolves.toBe(file);
  const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
  expect(url).toBe('/api/providers/documents/d1');
  expect(new Headers(init.headers).get('Authorization')).toBe('Bearer tok');
});

it('apiBlob raises ApiError on a non-OK answer', async () => {
  globalThis.fetch = respond(404, '{"statusCode":404,"code":"not_found","message":"Not found"}') as unknown as typeof fetch;
  await expect(apiBlob('/api/providers/documents/x')).rejects.toMatchObject({ status: 404, code: 'not_found' });
});
