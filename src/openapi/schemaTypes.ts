/** A JSON Schema (OpenAPI 3.1 Schema Object), loosely typed: the document is plain JSON. */
export type JsonSchema = Record<string, unknown>;

/** A reference to a component schema. */
export const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

/** `schema` or null, in 3.1's spelling. */
export const nullable = (schema: JsonSchema): JsonSchema => ({ anyOf: [schema, { type: 'null' }] });

/** Keys the server refuses at any depth of a JSON request body (400 RCA_BODY_FORBIDDEN_KEY, src/integration/bodyPolicy.ts): they reach prototypes. */
export const FORBIDDEN_KEYS = ['__proto__', 'constructor'];

/** An open object of a request body (`meta`, `attributes`): any members but the forbidden keys, which are refused at any depth. */
export const openRequestObject = (): JsonSchema => ({
  type: 'object',
  propertyNames: { not: { enum: FORBIDDEN_KEYS } },
  description: 'Any members; __proto__ and constructor are refused here and at any depth of the body (400).',
});
