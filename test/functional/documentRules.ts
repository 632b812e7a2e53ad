type Schema = Record<string, unknown> & { properties?: Record<string, Schema>; required?: string[] };

/**
 * The document as it reads for a request that names fields (`fields[books]=title`), as the document
 * itself says: each object schema with an `x-sparse-fieldset` has the `required` it gives there (the
 * id) in place of its own. Nothing else is relaxed.
 */
export function sparseDocument<T extends object>(document: T): T {
  const copy = structuredClone(document);
  const relax = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(relax);
    if (node === null || typeof node !== 'object') return;
    const schema = node as Schema;
    const sparse = schema['x-sparse-fieldset'] as { required: string[] } | undefined;
    if (sparse) schema.required = sparse.required;
    Object.values(schema).forEach(relax);
  };
  relax(copy);
  return copy;
}

/** Whether a request target names a sparse fieldset. */
export function namesFields(target: string): boolean {
  return [...new URL(target, 'http://localhost').searchParams.keys()].some((key) => key.startsWith('fields['));
}
