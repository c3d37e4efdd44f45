import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { applyDecorators } from '@nestjs/common';
import { ApiResponse, type OpenAPIObject, type SchemaObject } from '@nestjs/swagger';

const REF_PREFIX = '#/components/schemas/';
/** Marks a contract's name in a $ref until the document is built, when it gets its final name there. */
const CONTRACT_PREFIX = `${REF_PREFIX}@khidma/contracts/`;

let definitions: Record<string, SchemaObject> | undefined;

/**
 * JSON Schemas of every type @khidma/contracts exports, generated from its TypeScript at its build
 * (ts-json-schema-generator), so a documented answer is the very type the handler returns.
 */
export function contractSchemas(): Record<string, SchemaObject> {
  if (!definitions) {
    const file = createRequire(import.meta.url).resolve('@khidma/contracts/schemas.json');
    const text = readFileSync(file, 'utf8').replace(/"#\/definitions\/([^"]+)"/g, (_, name: string) => `"${CONTRACT_PREFIX}${componentName(name)}"`);
    const generated = (JSON.parse(text) as { definitions: Record<string, SchemaObject> }).definitions;
    definitions = Object.fromEntries(Object.entries(generated).map(([name, schema]) => [componentName(name), schema]));
  }
  return definitions;
}

/**
 * A generic's instance is named like `PagedResponse<BookingDto>` (URL-encoded in its $refs); OpenAPI
 * component names allow letters, digits, `.`, `-` and `_` only.
 */
const componentName = (generated: string) => decodeURIComponent(generated).replace(/[^\w.-]+/g, '_');

/**
 * Documents a success answer as a @khidma/contracts type: `@Answers(200, 'ServiceListResponse')`,
 * `@Answers(200, ['ServiceCategoryDto'])` for an array of it, `@Answers(204)` for no body. An unknown
 * name throws when the controller loads, so a renamed contract type cannot leave a dangling $ref.
 */
export function Answers(status: number, type?: string | [string], description?: string): MethodDecorator {
  if (type === undefined) return applyDecorators(ApiResponse({ status, description: description ?? 'No body' }));
  const name = Array.isArray(type) ? type[0] : type;
  if (!contractSchemas()[name]) throw new Error(`@Answers: @khidma/contracts exports no type ${name}`);
  const ref = { $ref: `${CONTRACT_PREFIX}${name}` };
  return applyDecorators(ApiResponse({ status, description: description ?? name, schema: Array.isArray(type) ? { type: 'array', items: ref } : ref }));
}

/**
 * Documents a success answer that is not JSON, by its media types: an image
 * (`@AnswersMedia(200, ['image/jpeg', 'image/png'], 'The photo')`), a page, an event stream.
 */
export function AnswersMedia(status: number, mediaTypes: string[], description: string): MethodDecorator {
  const schema = mediaTypes.every((type) => type.startsWith('text/')) ? { type: 'string' } : { type: 'string', format: 'binary' };
  return applyDecorators(ApiResponse({ status, description, content: Object.fromEntries(mediaTypes.map((type) => [type, { schema }])) }));
}

/** Documents a redirect: its status and the `Location` it sends the browser to. */
export function Redirects(status: 302 | 303, description: string): MethodDecorator {
  return applyDecorators(ApiResponse({ status, description, headers: { Location: { description: 'Where the browser goes next', schema: { type: 'string' } } } }));
}

/**
 * Puts the contract types the document's answers refer to (and those they refer to) under
 * components.schemas. A name a request DTO already holds gets the contract's under `<name>Answer`.
 */
export function withContractSchemas(document: OpenAPIObject): OpenAPIObject {
  const known = (document.components ??= {}).schemas ??= {};
  const all = contractSchemas();
  const used = new Set<string>();
  const pending = [JSON.stringify(document.paths)];
  while (pending.length > 0) {
    for (const [, name] of pending.pop()!.matchAll(/"#\/components\/schemas\/@khidma\/contracts\/([^"]+)"/g)) {
      if (!name || used.has(name)) continue;
      used.add(name);
      pending.push(JSON.stringify(all[name]));
    }
  }
  const names = new Map([...used].map((name) => [name, known[name] ? `${name}Answer` : name]));
  const rename = (value: unknown) =>
    JSON.parse(JSON.stringify(value).replace(/"#\/components\/schemas\/@khidma\/contracts\/([^"]+)"/g, (_, name: string) => `"${REF_PREFIX}${names.get(name)}"`)) as never;
  for (const [name, final] of names) known[final] = rename(all[name]);
  document.paths = rename(document.paths);
  return document;
}
