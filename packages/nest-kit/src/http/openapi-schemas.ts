import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import { ModulesContainer } from '@nestjs/core';
import type { OpenAPIObject, ParameterObject, SchemaObject } from '@nestjs/swagger';
import type { MetadataStorage } from 'class-transformer/types/MetadataStorage.js';
// class-transformer keeps its @Type() records here; with them nested DTOs become $refs, not bare objects.
// @ts-expect-error -- the CommonJS build has no types of its own (they are in types/storage.d.ts).
import { defaultMetadataStorage as storage } from 'class-transformer/cjs/storage.js';
import { validationMetadatasToSchemas } from 'class-validator-jsonschema';

const REF_PREFIX = '#/components/schemas/';

/** A DTO class. */
type Dto = abstract new (...args: never[]) => unknown;

interface RouteArgument {
  index: number;
  data?: unknown;
}

/** The JSON schema of every class-validator DTO, read from the same decorators the validation pipe enforces. */
function dtoSchemas(): Record<string, SchemaObject> {
  return validationMetadatasToSchemas({ refPointerPrefix: REF_PREFIX, classTransformerMetadataStorage: storage as MetadataStorage }) as Record<string, SchemaObject>;
}

/** The DTO class a handler takes whole (no key) as `kind` (@Query(), @Body()), if any. */
function dtoParameter(prototype: object, key: string, kind: RouteParamtypes): Dto | undefined {
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, prototype.constructor, key) ?? {}) as Record<string, RouteArgument>;
  const types = (Reflect.getMetadata('design:paramtypes', prototype, key) ?? []) as unknown[];
  for (const [slot, argument] of Object.entries(args)) {
    if (Number(slot.split(':')[0]) !== kind || argument.data !== undefined) continue;
    const type = types[argument.index];
    if (typeof type === 'function' && type !== Object) return type as Dto;
  }
  return undefined;
}

/** A DTO's schema; a subclass that adds no decorator of its own (`class X extends SlotDto {}`) has its parent's. */
function schemaOf(schemas: Record<string, SchemaObject>, dto: Dto | undefined): SchemaObject | undefined {
  for (let type = dto; type && type !== Object && type !== Function.prototype; type = Object.getPrototypeOf(type) as Dto) {
    if (schemas[type.name]) return schemas[type.name];
  }
  return undefined;
}

/**
 * The DTOs carry class-validator decorators only (no @ApiProperty), so Swagger alone documents their
 * bodies as empty objects and their query strings not at all. This fills both from the validation
 * metadata, so the document describes exactly what the validation pipe accepts.
 */
export function withDtoSchemas(app: NestFastifyApplication, document: OpenAPIObject): OpenAPIObject {
  const schemas = dtoSchemas();
  const components = (document.components ??= {});
  const known = (components.schemas ??= {}) as Record<string, SchemaObject>;
  for (const [name, schema] of Object.entries(schemas)) {
    const existing = known[name];
    // A schema Swagger did fill (from @ApiProperty) wins; an empty one is replaced.
    if (!existing || !existing.properties || Object.keys(existing.properties).length === 0) known[name] = schema;
  }
  const operations = new Map<string, { parameters?: ParameterObject[] }>();
  for (const item of Object.values(document.paths)) {
    for (const operation of Object.values(item as Record<string, unknown>)) {
      const id = (operation as { operationId?: unknown }).operationId;
      if (typeof id === 'string') operations.set(id, operation as { parameters?: ParameterObject[] });
    }
  }
  for (const module of app.get(ModulesContainer).values()) {
    for (const { metatype } of module.controllers.values()) {
      if (typeof metatype !== 'function') continue;
      const prototype = metatype.prototype as Record<string, unknown>;
      for (const key of Object.getOwnPropertyNames(prototype)) {
        if (key === 'constructor' || typeof prototype[key] !== 'function') continue;
        const body = dtoParameter(prototype, key, RouteParamtypes.BODY);
        const bodySchema = schemaOf(schemas, body);
        if (body && bodySchema && !schemas[body.name] && Object.keys(known[body.name]?.properties ?? {}).length === 0) known[body.name] = bodySchema;
        const operation = operations.get(`${metatype.name}_${key}`);
        const schema = schemaOf(schemas, dtoParameter(prototype, key, RouteParamtypes.QUERY));
        if (!operation || !schema?.properties) continue;
        const given = new Set((operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name));
        const required = new Set(schema.required ?? []);
        operation.parameters = [
          ...(operation.parameters ?? []),
          ...Object.entries(schema.properties)
            .filter(([name]) => !given.has(name))
            .map(([name, property]): ParameterObject => ({ name, in: 'query', required: required.has(name), schema: property as SchemaObject })),
        ];
      }
    }
  }
  return document;
}
