/** A JSON Schema (OpenAPI 3.1 Schema Object), loosely typed: the document is plain JSON. */
export type JsonSchema = Record<string, unknown>;

/** A reference to a component schema. */
export const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

/** `schema` or null, in 3.1's spelling. */
export const nullable = (schema: JsonSchema): JsonSchema => ({ anyOf: [schema, { type: 'null' }] });
