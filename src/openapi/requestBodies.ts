import { BATCH_REQUEST_SCHEMA } from './batchSchema';
import { ATOMIC_REQUEST_SCHEMA, atomicRequestSchema } from './atomicSchema';
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
      closeDocumentAttributes(schema);
    }
  }
}

/**
 * A JSON:API request document's `data.attributes`, made from the request class (less the fields its
 * relationships set): closed as the class is, so an attribute the server refuses (an unknown one, or
 * one the role may not write) is refused by the document too.
 */
function closeDocumentAttributes(schema: JsonSchema | undefined): void {
  const data = (schema?.properties as Record<string, JsonSchema> | undefined)?.data;
  const properties = data?.properties as Record<string, JsonSchema> | undefined;
  const attributes = properties?.attributes;
  if (!properties || !attributes || typeof attributes.properties !== 'object') return;
  properties.attributes = { ...attributes, additionalProperties: false };
}

/**
 * The batch and atomic operations bodies as this app's server reads them: at most `operations.max`
 * requests or operations, and an atomic `href` under the endpoint's own folder (`/v1/operations`:
 * `/v1`), the base path the action gives the parser.
 */
export function boundOperationBodies(operation: Operation, path: string, max: number): void {
  const body = operation.requestBody as { content?: Record<string, { schema?: JsonSchema }> } | undefined;
  if (!body?.content) return;
  // New objects: the operation may share its body with the decorator's constant, which other documents read.
  const content = Object.fromEntries(
    Object.entries(body.content).map(([type, media]): [string, { schema?: JsonSchema }] => {
      if (media.schema === ATOMIC_REQUEST_SCHEMA)
        return [type, { ...media, schema: atomicRequestSchema({ basePath: path.slice(0, path.lastIndexOf('/')), max }) as JsonSchema }];
      if (media.schema !== BATCH_REQUEST_SCHEMA) return [type, media];
      const properties = media.schema.properties as Record<string, JsonSchema>;
      return [type, { ...media, schema: { ...media.schema, properties: { ...properties, requests: { ...properties.requests, maxItems: max } } } }];
    }),
  );
  operation.requestBody = { ...body, content };
}
