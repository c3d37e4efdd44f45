import { Ajv } from 'ajv';
import addFormatsModule, { type FormatsPlugin } from 'ajv-formats';

type Schema = Record<string, unknown>;
interface Document {
  paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: Schema }> }> }>>;
  components?: Record<string, unknown>;
}

// ajv-formats is CommonJS: imported from ESM its default is module.exports, which carries the plugin as `default`.
const addFormats = (addFormatsModule as unknown as { default: FormatsPlugin }).default;

/**
 * Why a real answer does not match the schema its service's /openapi.json documents for
 * `operation` ("GET /api/x/{id}") and `status`, or undefined when it does. A status documented
 * without a JSON schema is a mismatch too, so a test using this cannot pass on an undocumented answer.
 */
export async function answerSchemaMismatch(url: string, operation: string, status: number, body: unknown): Promise<string | undefined> {
  const document = (await (await fetch(`${url}/openapi.json`)).json()) as Document;
  const [method, path] = operation.split(' ') as [string, string];
  const schema = document.paths[path]?.[method.toLowerCase()]?.responses?.[String(status)]?.content?.['application/json']?.schema;
  if (!schema) return `${operation} documents no JSON schema for ${status}`;
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  // OpenAPI 3.0's `nullable` is not JSON Schema: widen such schemas to accept null (as the fuzz suite does).
  const components = JSON.parse(JSON.stringify(document.components ?? {}), (_key, value: Schema) =>
    value && typeof value === 'object' && value.nullable === true && typeof value.type === 'string' ? { ...value, type: [value.type, 'null'] } : value,
  ) as Schema;
  ajv.addSchema({ $id: 'openapi', components });
  const validate = ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi#/components/')) as Schema);
  return validate(body) ? undefined : `${operation} ${status}: ${ajv.errorsText(validate.errors)}`;
}
