import type { INestApplication } from '@nestjs/common';
import { registeredRoutes } from '../http/bootstrap.js';

type Schema = { $ref?: string; type?: unknown; properties?: Record<string, unknown>; allOf?: Schema[]; oneOf?: unknown[]; anyOf?: unknown[]; items?: unknown };
interface Operation {
  parameters?: { name: string; in: string; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema?: Schema }>; headers?: Record<string, unknown> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

const NO_ANSWER_SCHEMA = ': no schema for a success answer';
const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/** `$ref`s followed to the schema they name. */
function resolve(document: Document, schema: Schema | undefined): Schema | undefined {
  if (schema?.$ref) return resolve(document, document.components?.schemas?.[schema.$ref.split('/').pop()!]);
  if (schema?.allOf?.length === 1) return resolve(document, schema.allOf[0]);
  return schema;
}

/** A schema that says something: a type, properties or alternatives (an empty `{}` or `object` with no properties does not). */
function describes(document: Document, raw: Schema | undefined): boolean {
  const schema = resolve(document, raw);
  if (!schema) return false;
  if (schema.oneOf || schema.anyOf) return true;
  if (schema.type === 'object' || (!schema.type && !schema.items)) return Object.keys(schema.properties ?? {}).length > 0;
  return schema.type !== undefined;
}

/**
 * What the app's OpenAPI document (served at `url`/openapi.json) lacks against the app's router:
 * routes missing from it, request bodies and parameters without a schema, and operations without a
 * schema for a success answer (or, for a redirect, its Location). `excused` names operations
 * ("GET /api/x") with the reason they are left out. An excuse that no longer matches a gap is
 * reported too, so the list only shrinks.
 */
export async function openApiGaps(app: INestApplication, url: string, excused: Record<string, string>): Promise<string[]> {
  const document = (await (await fetch(`${url}/openapi.json`)).json()) as Document;
  const gaps = new Set<string>();
  const seen = new Set<string>();
  for (const { method, url: route } of registeredRoutes(app)) {
    if (!METHODS.has(method)) continue;
    const path = route.replace(/:(\w+)/g, '{$1}');
    const name = `${method} ${path}`;
    if (seen.has(name)) continue;
    seen.add(name);
    const operation = document.paths[path]?.[method.toLowerCase()];
    if (!operation) {
      gaps.add(`${name}: not in the document`);
      continue;
    }
    for (const parameter of operation.parameters ?? []) {
      if (!describes(document, parameter.schema)) gaps.add(`${name}: ${parameter.in} parameter ${parameter.name} has no schema`);
    }
    for (const [type, { schema }] of Object.entries(operation.requestBody?.content ?? {})) {
      if (!describes(document, schema)) gaps.add(`${name}: ${type} request body has no schema`);
    }
    const success = Object.entries(operation.responses ?? {}).filter(([status]) => /^[23]/.test(status));
    // A 204 is documented by its status alone (it has no body), a redirect by where it sends the browser.
    const documented = ([status, response]: (typeof success)[number]) =>
      status === '204' ||
      (status.startsWith('3') && response.headers?.Location !== undefined) ||
      Object.values(response.content ?? {}).some(({ schema }) => describes(document, schema));
    if (!success.some(documented)) {
      gaps.add(`${name}${NO_ANSWER_SCHEMA}`);
    }
  }
  const covers = (operation: string, gap: string) => gap.startsWith(`${operation}:`);
  const reported = [...gaps].filter((gap) => !Object.keys(excused).some((operation) => covers(operation, gap)));
  for (const operation of Object.keys(excused)) {
    if (![...gaps].some((gap) => covers(operation, gap))) reported.push(`${operation}: excused but has no gap (remove it from the list)`);
  }
  return reported.sort();
}
