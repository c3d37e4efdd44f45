// Schema-driven fuzzing of the gateway's OpenAPI document (docs/security.md, "Fuzzing"): request values
// from each operation's parameter and body schemas, hostile ones mixed in, and the checks every answer
// must pass. Plain functions so e2e/test/fuzz.spec.mjs can check the checks without a stack.
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import fc from 'fast-check';

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** Strings that broke parsers, queries or paths elsewhere; each field gets one now and then. */
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u202Eevil\u202C',
  'مرحبا بالعالم',
  '\uD800',
  '🧑🏽‍🔧',
  '../../../../etc/passwd',
  '..%2F..%2F..%2Fetc%2Fpasswd',
  "' OR '1'='1' -- ",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '${jndi:ldap://x}',
  '{{7*7}}',
  '%00',
  'NaN',
  '-1',
  '1e309',
  '0x10',
  'null',
  'true',
  '[object Object]',
];

/** Values of the wrong kind for any field. */
const WRONG_TYPES = [null, true, false, 0, -1, -0.5, 1e308, Number.MIN_SAFE_INTEGER - 2, [], [1, 2], {}, { $gt: '' }, 'x'];

const hugeString = fc.integer({ min: 2_000, max: 70_000 }).map((n) => 'ا'.repeat(n));

/** A valid-looking string for a schema: its enum, format, pattern or length. */
function stringArbitrary(schema) {
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  switch (schema.format) {
    case 'uuid':
      return fc.uuid();
    case 'email':
      return fc.emailAddress();
    case 'date':
      return fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    case 'date-time':
      return fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }).map((d) => d.toISOString());
    case 'uri':
    case 'url':
      return fc.webUrl();
    default:
  }
  if (typeof schema.pattern === 'string') {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= 2_000);
    } catch {
      // A pattern fast-check cannot invert: plain strings still fuzz it.
    }
  }
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 200));
  return fc.string({ unit: 'grapheme', minLength, maxLength });
}

function numberArbitrary(schema) {
  const integer = schema.type === 'integer';
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + (integer ? 1 : 0.001) : -1_000_000);
  const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - (integer ? 1 : 0.001) : 1_000_000);
  return integer ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/** Resolves `$ref`s (and the one-element `allOf` Swagger wraps them in) against the document. */
export function resolve(document, schema, depth = 0) {
  if (!schema || typeof schema !== 'object' || depth > 20) return schema ?? {};
  if (typeof schema.$ref === 'string') {
    const target = schema.$ref.replace(/^#\//, '').split('/').reduce((node, key) => node?.[key], document);
    return resolve(document, target, depth + 1);
  }
  if (Array.isArray(schema.allOf) && schema.allOf.length === 1) return resolve(document, schema.allOf[0], depth + 1);
  return schema;
}

/**
 * Values for a schema: mostly valid-looking ones (so requests get past validation into the handlers),
 * with wrong types, nasty strings, huge strings and extra fields mixed in at every level.
 */
export function valueArbitrary(document, rawSchema, depth = 0) {
  const schema = resolve(document, rawSchema);
  const hostile = fc.oneof(fc.constantFrom(...NASTY_STRINGS), fc.constantFrom(...WRONG_TYPES), hugeString);
  let valid;
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (Array.isArray(schema.oneOf ?? schema.anyOf)) {
    valid = fc.oneof(...(schema.oneOf ?? schema.anyOf).map((option) => valueArbitrary(document, option, depth + 1)));
  } else if (type === 'string' || (!type && Array.isArray(schema.enum))) {
    valid = stringArbitrary(schema);
  } else if (type === 'integer' || type === 'number') {
    valid = numberArbitrary(schema);
  } else if (type === 'boolean') {
    valid = fc.boolean();
  } else if (type === 'array') {
    const items = depth > 4 ? fc.constant('x') : valueArbitrary(document, schema.items ?? {}, depth + 1);
    valid = fc.array(items, { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 5, 10) });
  } else if (type === 'object' || schema.properties) {
    valid = depth > 4 ? fc.constant({}) : objectArbitrary(document, schema, depth);
  } else {
    valid = fc.oneof(fc.string(), fc.integer(), fc.boolean());
  }
  return fc.oneof({ arbitrary: valid, weight: 5 }, { arbitrary: hostile, weight: 1 });
}

function objectArbitrary(document, schema, depth) {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const fields = Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, valueArbitrary(document, property, depth + 1)]));
  const known = fc.record(fields, { requiredKeys: Object.keys(properties).filter((name) => required.has(name)) });
  // Now and then a field nobody declared (the pipe must refuse it, not store or trip over it).
  return fc.tuple(known, fc.option(fc.constantFrom('__proto__x', 'isAdmin', 'role', 'id', 'constructor'), { freq: 4 }), fc.constantFrom(...NASTY_STRINGS)).map(
    ([value, extra, extraValue]) => (extra ? { ...value, [extra]: extraValue } : value),
  );
}

/** A request body for an operation: its schema's values, or now and then no object at all. */
export function bodyArbitrary(document, operation) {
  const content = operation.requestBody?.content ?? {};
  const json = content['application/json'];
  if (!json) return fc.constant(undefined);
  const body = valueArbitrary(document, json.schema ?? {});
  return fc.oneof({ arbitrary: body, weight: 6 }, { arbitrary: fc.constantFrom([], 'text', 42, null), weight: 1 });
}

/** The parameters of an operation (path-level ones included) by where they go. */
export function parametersOf(document, pathItem, operation) {
  return [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])].map((p) => resolve(document, p));
}

/** A query-string or path value: the schema's valid values and hostile strings, all as text. */
const asText = (value) => (value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value));

/** One request: path with its parameters filled, query string and body, sampled with a fixed seed. */
export function requestArbitrary(document, path, pathItem, operation) {
  const parameters = parametersOf(document, pathItem, operation);
  const values = Object.fromEntries(
    parameters
      .filter((p) => p.in === 'path' || p.in === 'query')
      .map((p) => [`${p.in}:${p.name}`, p.in === 'path' || p.required ? valueArbitrary(document, p.schema ?? {}) : fc.option(valueArbitrary(document, p.schema ?? {}), { nil: undefined })]),
  );
  return fc.record({ params: fc.record(values), body: bodyArbitrary(document, operation) }).map(({ params, body }) => {
    const query = new URLSearchParams();
    let url = path;
    for (const [key, value] of Object.entries(params)) {
      const [where, name] = key.split(/:(.*)/s);
      if (where === 'path') url = url.replace(`{${name}}`, encodeURIComponent((asText(value) || 'x').toWellFormed()));
      else if (value !== undefined) for (const item of Array.isArray(value) ? value : [value]) query.append(name, asText(item));
    }
    const search = query.toString();
    return { url: search ? `${url}?${search}` : url, body };
  });
}

/** `code`s and field codes are identifiers the frontends translate (en and ar), never sentences. */
const CODE = /^[a-z][a-z0-9_]*$/;
const FIELD_CODE = /^[a-zA-Z][a-zA-Z0-9_]*$/;

/** Why an error answer is not the project's ApiErrorBody, or undefined when it is. */
export function errorShapeProblem(status, body) {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'the body is not a JSON object';
  if (body.statusCode !== status) return `statusCode ${JSON.stringify(body.statusCode)} is not the status ${status}`;
  if (typeof body.code !== 'string' || !CODE.test(body.code)) return `code ${JSON.stringify(body.code)} is not a translatable code`;
  if (typeof body.message !== 'string' || !body.message.trim()) return 'no message';
  if (body.fields !== undefined) {
    if (!body.fields || typeof body.fields !== 'object' || Array.isArray(body.fields)) return 'fields is not a map of field to code';
    for (const [field, code] of Object.entries(body.fields)) {
      if (typeof code !== 'string' || !FIELD_CODE.test(code)) return `field ${field} has no translatable code (${JSON.stringify(code)})`;
    }
  }
  return undefined;
}

/** ajv over the whole document's components, so `$ref`s in response schemas resolve. */
export function responseValidator(document) {
  const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: true });
  addFormats(ajv);
  // OpenAPI 3.0's `nullable` is not JSON Schema: widen such schemas to accept null.
  const widened = JSON.parse(JSON.stringify(document.components ?? {}), (key, value) =>
    value && typeof value === 'object' && value.nullable === true && typeof value.type === 'string' ? { ...value, type: [value.type, 'null'] } : value,
  );
  ajv.addSchema({ $id: 'openapi', components: widened });
  const cache = new Map();
  return (schema, body) => {
    const key = JSON.stringify(schema);
    if (!cache.has(key)) {
      const rewritten = JSON.parse(key.replaceAll('"#/components/', '"openapi#/components/'));
      cache.set(key, ajv.compile(rewritten));
    }
    const validate = cache.get(key);
    return validate(body) ? undefined : ajv.errorsText(validate.errors);
  };
}

/** The documented JSON schema of a status, `null` when the status is documented without one, undefined when not documented. */
export function documentedSchema(operation, status) {
  const responses = operation.responses ?? {};
  const entry = responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
  if (!entry) return undefined;
  return entry.content?.['application/json']?.schema ?? null;
}

/**
 * Every problem with one answer: a 5xx; an error without the ApiErrorBody shape; a success the
 * document does not list, or whose body does not match the documented schema.
 */
export function answerProblems({ operation, status, body, validate }) {
  if (status >= 500) return [`${status} ${body && typeof body === 'object' ? body.code : ''}`.trim()];
  if (status >= 400) {
    const problem = errorShapeProblem(status, body);
    return problem ? [`${status}: ${problem}`] : [];
  }
  const schema = documentedSchema(operation, status);
  if (schema === undefined) return [`${status} is not a documented answer`];
  if (schema === null) return [];
  const mismatch = validate(schema, body);
  return mismatch ? [`${status} body does not match its schema: ${mismatch}`] : [];
}
