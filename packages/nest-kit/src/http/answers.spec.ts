import type { OpenAPIObject } from '@nestjs/swagger';
import { Answers, contractSchemas, withContractSchemas } from './answers.js';

const REF = '#/components/schemas/@khidma/contracts/';

describe('@Answers and withContractSchemas', () => {
  it('refuses a name @khidma/contracts does not export, so no $ref can dangle', () => {
    expect(() => Answers(200, 'NoSuchContractType')).toThrow(/NoSuchContractType/);
    expect(() => Answers(200, 'MeResponse')).not.toThrow();
  });

  it('puts the named types and those they refer to under components.schemas, renaming a DTO-held name', () => {
    expect(contractSchemas().MeResponse).toBeDefined();
    const document = {
      openapi: '3.0.0',
      info: { title: 't', version: '1' },
      paths: { '/me': { get: { responses: { '200': { description: '', content: { 'application/json': { schema: { $ref: `${REF}MeResponse` } } } } } } } },
      components: { schemas: { UserDto: { type: 'object', properties: { email: { type: 'string' } } } } },
    } as unknown as OpenAPIObject;
    const result = withContractSchemas(document);
    const schemas = result.components!.schemas as Record<string, { properties?: Record<string, { $ref?: string }> }>;
    expect(JSON.stringify(result.paths)).toContain('"#/components/schemas/MeResponse"');
    // MeResponse refers to UserDto, which a request DTO already holds here: the contract's is UserDtoAnswer.
    expect(schemas.MeResponse!.properties!.user!.$ref).toBe('#/components/schemas/UserDtoAnswer');
    expect(schemas.UserDtoAnswer!.properties).toHaveProperty('email');
    expect(schemas.UserDto).toEqual({ type: 'object', properties: { email: { type: 'string' } } });
    expect(JSON.stringify(result)).not.toContain('@khidma/contracts/');
  });

  it("names a generic's instance as OpenAPI allows and resolves an alias of it", () => {
    const names = Object.keys(contractSchemas());
    expect(names.filter((name) => !/^[\w.-]+$/.test(name))).toEqual([]);
    const document = {
      openapi: '3.0.0',
      info: { title: 't', version: '1' },
      paths: { '/audit': { get: { responses: { '200': { description: '', content: { 'application/json': { schema: { $ref: `${REF}AdminAuditPage` } } } } } } } },
    } as unknown as OpenAPIObject;
    const schemas = withContractSchemas(document).components!.schemas as Record<string, { $ref?: string; properties?: Record<string, unknown> }>;
    expect(schemas.AdminAuditPage!.$ref).toBe('#/components/schemas/PagedResponse_AdminAuditEntryDto_');
    expect(schemas.PagedResponse_AdminAuditEntryDto_!.properties).toHaveProperty('items');
  });
});
