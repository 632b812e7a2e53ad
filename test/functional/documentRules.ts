type Schema = Record<string, unknown> & { properties?: Record<string, Schema>; required?: string[] };

/**
 * The document as it reads for a request that names fields (`fields[books]=title`): every declared
 * field stays described, but only the id (and a JSON:API resource's type and attributes) is still
 * required, as the `fields[<type>]` parameter documents.
 */
export function sparseDocument<T extends object>(document: T): T {
  const copy = structuredClone(document) as T & { components?: { schemas?: Record<string, Schema> } };
  for (const schema of Object.values(copy.components?.schemas ?? {})) {
    const attributes = schema.properties?.attributes;
    if (attributes && schema.required?.includes('attributes')) delete attributes.required;
    else if (schema.required && schema.additionalProperties === false) schema.required = schema.required.filter((name) => name === 'id');
  }
  return copy;
}

/** Whether a request target names a sparse fieldset. */
export function namesFields(target: string): boolean {
  return [...new URL(target, 'http://localhost').searchParams.keys()].some((key) => key.startsWith('fields['));
}
