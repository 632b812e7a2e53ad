import { JSON_API_EXAMPLE } from './operationSpec';
import type { validationMetadatasToSchemas } from 'class-validator-jsonschema';
import type { JsonSchema } from './schemaTypes';

type Operation = Record<string, unknown> & { responses: Record<string, Record<string, unknown>>; parameters?: unknown[] };

const SCHEMA_PREFIX = '#/components/schemas/';

type SchemaOptions = NonNullable<Parameters<typeof validationMetadatasToSchemas>[0]>;

/** class-transformer's metadata (the app's copy, a peer), where `@Type()` records a nested class; undefined without it. */
export function classTransformerStorage(): SchemaOptions['classTransformerMetadataStorage'] {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return (require('class-transformer/cjs/storage') as { defaultMetadataStorage: SchemaOptions['classTransformerMetadataStorage'] }).defaultMetadataStorage;
  } catch {
    return undefined;
  }
}

/** Puts the json-api variant of an operation's request example in place in json-api mode (and the marker away). */
export function useJsonApiExample(operation: Operation, jsonApi: boolean): void {
  const example = operation[JSON_API_EXAMPLE];
  if (example === undefined) return;
  delete operation[JSON_API_EXAMPLE];
  const content = (operation.requestBody as { content?: Record<string, { example?: unknown }> } | undefined)?.content ?? {};
  if (jsonApi) for (const media of Object.values(content)) media.example = example;
}

/**
 * A required body that is an empty object is refused as missing (routing-controllers' 400 "Request
 * body is required"): such a body's JSON schema asks for at least one member.
 */
export function nonEmptyRequiredBodies(paths: Record<string, Record<string, Operation>>): void {
  for (const operation of Object.values(paths).flatMap((methods) => Object.values(methods))) {
    const body = operation.requestBody as { required?: boolean; content?: Record<string, { schema?: JsonSchema }> } | undefined;
    const json = body?.required ? body.content?.['application/json'] : undefined;
    if (json?.schema && typeof json.schema.$ref === 'string') json.schema = { allOf: [json.schema], minProperties: 1 };
  }
}

/** The request classes of bodies refuse fields they do not declare (422): so do their schemas. */
export function closeBodySchemas(paths: Record<string, Record<string, Operation>>, requestSchemas: Record<string, JsonSchema>): void {
  for (const operation of Object.values(paths).flatMap((methods) => Object.values(methods))) {
    const content = (operation.requestBody as { content?: Record<string, { schema?: { $ref?: string } }> } | undefined)?.content ?? {};
    for (const { schema } of Object.values(content)) {
      const name = schema?.$ref?.startsWith(SCHEMA_PREFIX) ? schema.$ref.slice(SCHEMA_PREFIX.length) : undefined;
      if (name && requestSchemas[name]) requestSchemas[name] = { ...requestSchemas[name], additionalProperties: false };
    }
  }
}
