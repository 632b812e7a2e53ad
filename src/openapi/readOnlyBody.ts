import type { Model, ModelStatic } from 'sequelize';
import { fieldAttribute } from '../model/fieldAttribute';
import type { AccessView } from '../transformer/AccessView';
import type { JsonSchema } from './schemaTypes';

/**
 * A principal's document: a write's request body without the fields that write an attribute the
 * principal may not write (its policy's `readOnly`, answered 422). The request class's schema is
 * rewritten in this document's components (each document has its own): two operations that share a
 * class and write models of different rules both get the fields neither refuses.
 *
 * @example
 * bodyWithoutReadOnly(operation, Book, transformer, access, requestSchemas); // UpdateBookRequest less out_of_print
 */
export function bodyWithoutReadOnly(
  operation: Record<string, unknown>,
  model: ModelStatic<Model> | undefined,
  transformer: unknown,
  access: AccessView | undefined,
  requestSchemas: Record<string, JsonSchema>,
): void {
  const readOnly = model && access ? access.readOnly(model) : undefined;
  if (!readOnly || readOnly.size === 0) return;
  const content = (operation.requestBody as { content?: Record<string, { schema?: JsonSchema; example?: unknown }> } | undefined)?.content ?? {};
  const writable = (field: string) => !readOnly.has(fieldAttribute(model!, field, transformer) ?? '');
  for (const media of Object.values(content)) {
    // Its example too: an example the principal would be refused is no example for it.
    if (media.example !== undefined) media.example = exampleWithout(media.example, writable);
    const reference = typeof media.schema?.$ref === 'string' ? media.schema.$ref.split('/').pop()! : undefined;
    const schema = (reference && requestSchemas[reference]) || media.schema;
    const properties = schema?.properties as Record<string, JsonSchema> | undefined;
    if (!schema || !properties) continue;
    if (Object.keys(properties).every(writable)) continue;
    const offered: JsonSchema = {
      ...schema,
      properties: Object.fromEntries(Object.entries(properties).filter(([field]) => writable(field))),
      ...(Array.isArray(schema.required) ? { required: (schema.required as string[]).filter(writable) } : {}),
    };
    // A request class's schema is rewritten where it is (this document's own copy), so that its
    // name, its closing and the document's components never show a field the principal may not write.
    if (reference) requestSchemas[reference] = offered;
    else media.schema = offered;
  }
}

/** An example body (flat, or a JSON:API document's attributes) without the fields `writable` refuses. */
function exampleWithout(example: unknown, writable: (field: string) => boolean): unknown {
  if (example === null || typeof example !== 'object' || Array.isArray(example)) return example;
  const data = (example as { data?: { attributes?: Record<string, unknown> } }).data;
  if (data?.attributes) return { ...example, data: { ...data, attributes: keep(data.attributes, writable) } };
  return keep(example as Record<string, unknown>, writable);
}

function keep(values: Record<string, unknown>, writable: (field: string) => boolean): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([field]) => writable(field)));
}
