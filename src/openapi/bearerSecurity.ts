import { errorDescription } from './errorSchemas';
import { ref } from './schemaTypes';

/** The document's security schemes when the app resolves its callers: a bearer credential. */
export const BEARER_SCHEMES = Object.freeze({ bearer: { type: 'http', scheme: 'bearer' } });

/**
 * Marks an operation any caller may ask, anonymous or with a bearer credential (optional security),
 * and documents the 401 a credential that does not verify is answered with.
 *
 * @example
 * optionalBearer(operation, 'application/json'); // security: [{}, { bearer: [] }], responses['401']
 */
export function optionalBearer(operation: { security?: unknown; responses: Record<string, unknown> }, mediaType: string): void {
  operation.security = [{}, { bearer: [] }];
  operation.responses['401'] ??= { description: errorDescription(401), content: { [mediaType]: { schema: ref('Error') } } };
}
