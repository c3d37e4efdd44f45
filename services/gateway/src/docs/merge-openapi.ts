import { resolveRoute, type RouteTarget } from '../routing/route-table.js';

/** The parts of an OpenAPI 3 document the merge reads; everything else is carried along as it is. */
export interface OpenApiDocument {
  openapi?: string;
  info?: { title?: string; version?: string; description?: string };
  paths?: Record<string, Record<string, unknown>>;
  components?: Record<string, Record<string, unknown> | undefined>;
  tags?: { name: string; description?: string }[];
  [key: string]: unknown;
}

export interface SourceDocument {
  /** Who serves it; only the paths the route table sends to this source are kept. */
  source: RouteTarget;
  document: OpenApiDocument;
}

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** Replaces `$ref`s to renamed components, everywhere in a document. */
function renameRefs(value: unknown, renames: Map<string, string>): unknown {
  if (Array.isArray(value)) return value.map((item) => renameRefs(item, renames));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      key === '$ref' && typeof item === 'string' && renames.has(item) ? renames.get(item) : renameRefs(item, renames),
    ]),
  );
}

/**
 * One document from each service's own: paths are kept where the gateway really routes them (so a
 * service's private /healthz never shows up), operations without a tag get the source's name, and a
 * component two sources define differently is renamed `<source>_<name>` in the second.
 */
export function mergeOpenApi(sources: SourceDocument[], description: string): OpenApiDocument {
  const merged: OpenApiDocument = {
    openapi: '3.0.0',
    info: { title: 'Khidma API', version: '1', description },
    tags: [],
    paths: {},
    components: {},
  };
  const components = merged.components!;
  for (const { source, document: original } of sources) {
    const renames = new Map<string, string>();
    for (const [kind, entries] of Object.entries(original.components ?? {})) {
      for (const [name, definition] of Object.entries(entries ?? {})) {
        const existing = components[kind]?.[name];
        if (existing !== undefined && JSON.stringify(existing) !== JSON.stringify(definition)) {
          renames.set(`#/components/${kind}/${name}`, `#/components/${kind}/${source}_${name}`);
        }
      }
    }
    const document = (renames.size ? renameRefs(original, renames) : original) as OpenApiDocument;
    for (const [kind, entries] of Object.entries(document.components ?? {})) {
      const target = (components[kind] ??= {});
      for (const [name, definition] of Object.entries(entries ?? {})) {
        target[renames.has(`#/components/${kind}/${name}`) ? `${source}_${name}` : name] = definition;
      }
    }
    let tagged = false;
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      if (resolveRoute(path).to !== source) continue;
      const operations = Object.fromEntries(
        Object.entries(item).map(([method, operation]) => {
          if (!HTTP_METHODS.has(method) || typeof operation !== 'object' || operation === null) return [method, operation];
          const tags = (operation as { tags?: string[] }).tags;
          if (tags?.length) return [method, operation];
          tagged = true;
          return [method, { ...operation, tags: [source] }];
        }),
      );
      merged.paths![path] = { ...merged.paths![path], ...operations };
    }
    for (const tag of document.tags ?? []) if (!merged.tags!.some((known) => known.name === tag.name)) merged.tags!.push(tag);
    if (tagged && !merged.tags!.some((known) => known.name === source)) merged.tags!.push({ name: source });
  }
  return merged;
}
