// The fuzzer's own parts (support/fuzz.mjs), without a stack: the values it makes follow the schemas
// and carry hostile ones, and the checks refuse what tests/fuzz.e2e.mjs must report.
import { describe, expect, test } from '@jest/globals';
import fc from 'fast-check';
import { answerProblems, errorShapeProblem, requestArbitrary, responseValidator } from '../support/fuzz.mjs';

const DOCUMENT = {
  paths: {},
  components: {
    schemas: {
      Page: { type: 'object', properties: { total: { type: 'integer' }, items: { type: 'array', items: { $ref: '#/components/schemas/Item' } } }, required: ['total', 'items'] },
      Item: { type: 'object', properties: { id: { type: 'string', format: 'uuid' }, note: { type: 'string', nullable: true } }, required: ['id'] },
      CreateDto: { type: 'object', properties: { name: { type: 'string', minLength: 1, maxLength: 10 }, count: { type: 'integer', minimum: 1, maximum: 5 } }, required: ['name'] },
    },
  },
};
const OPERATION = {
  parameters: [
    { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
    { name: 'page', in: 'query', required: false, schema: { type: 'integer', minimum: 1 } },
  ],
  requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/CreateDto' } } } },
  responses: { 200: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Page' } } } } },
};
const validate = responseValidator(DOCUMENT);
const ERROR = { statusCode: 400, code: 'validation_failed', message: 'Invalid request', fields: { name: 'isString' }, requestId: 'r' };

describe('the requests the fuzzer makes', () => {
  const samples = fc.sample(requestArbitrary(DOCUMENT, '/api/things/{id}', {}, OPERATION), { seed: 7, numRuns: 300 });

  test('fill every path parameter and follow the body schema most of the time', () => {
    expect(samples.every(({ url }) => url.startsWith('/api/things/') && !url.includes('{id}'))).toBe(true);
    const valid = samples.filter(({ body }) => body && typeof body === 'object' && typeof body.name === 'string' && body.name.length >= 1 && body.name.length <= 10);
    expect(valid.length).toBeGreaterThan(samples.length / 3);
  });

  test('mix in wrong types, hostile strings and fields nobody declared', () => {
    const bodies = samples.map(({ body }) => body);
    expect(bodies.some((body) => body && typeof body === 'object' && !Array.isArray(body) && typeof body.name !== 'string' && 'name' in body)).toBe(true);
    expect(bodies.some((body) => Array.isArray(body) || body === null || typeof body !== 'object')).toBe(true);
    expect(bodies.some((body) => body && typeof body === 'object' && Object.keys(body).some((key) => !['name', 'count'].includes(key)))).toBe(true);
    expect(samples.some(({ url }) => /%00|%E2%80%AE|\.\.%2F|%2E%2E/i.test(url))).toBe(true);
  });

  test('are the same for the same seed', () => {
    expect(fc.sample(requestArbitrary(DOCUMENT, '/api/things/{id}', {}, OPERATION), { seed: 7, numRuns: 300 })).toEqual(samples);
  });
});

describe('the checks of an answer', () => {
  test('refuse any 5xx', () => {
    expect(answerProblems({ operation: OPERATION, status: 500, body: { ...ERROR, statusCode: 500, code: 'internal_error' }, validate })).toEqual(['500 internal_error']);
  });

  test('take an ApiErrorBody and refuse errors without its shape', () => {
    expect(errorShapeProblem(400, ERROR)).toBeUndefined();
    expect(errorShapeProblem(404, { statusCode: 404, code: 'not_found', message: 'No such thing' })).toBeUndefined();
    expect(errorShapeProblem(400, { statusCode: 400, message: 'Bad Request' })).toMatch(/code/);
    expect(errorShapeProblem(400, { statusCode: 400, code: 'Name is required', message: 'x' })).toMatch(/code/);
    expect(errorShapeProblem(400, { ...ERROR, statusCode: 422 })).toMatch(/statusCode/);
    expect(errorShapeProblem(400, { ...ERROR, fields: ['name'] })).toMatch(/fields/);
    expect(errorShapeProblem(400, { ...ERROR, fields: { name: 'name must be a string' } })).toMatch(/translatable/);
    expect(errorShapeProblem(400, '<html>Bad Request</html>')).toMatch(/JSON object/);
  });

  test('validate a success against its documented schema, null where OpenAPI says nullable', () => {
    const ok = { total: 1, items: [{ id: '6f1c3b4e-9a7d-4e2b-8c3f-1a2b3c4d5e6f', note: null }] };
    expect(answerProblems({ operation: OPERATION, status: 200, body: ok, validate })).toEqual([]);
    expect(answerProblems({ operation: OPERATION, status: 200, body: { total: '1', items: [] }, validate })[0]).toMatch(/does not match/);
    expect(answerProblems({ operation: OPERATION, status: 200, body: { total: 1, items: [{ id: 'x' }] }, validate })[0]).toMatch(/uuid/);
  });

  test('refuse a success status the document does not list', () => {
    expect(answerProblems({ operation: OPERATION, status: 201, body: {}, validate })).toEqual(['201 is not a documented answer']);
  });
});
