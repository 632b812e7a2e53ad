import { pascalCase } from '../text/caseStyles';
import { ApiError } from '../errors/ApiError';
import type { IncludeParams } from '../query/IncludeTree';
import type { Resource } from './Resource';

/** `include<Name>(model, params)`: one parent at a time. */
export type ItemIncludeMethod = (model: never, params: IncludeParams) => Resource | Promise<Resource>;
/** `include<Name>Batch(models, params)`: every parent at once, one resource per parent, in order. */
export type BatchIncludeMethod = (models: never[], params: IncludeParams) => Resource[] | Promise<Resource[]>;

export interface IncludeMethods {
  readonly name: string;
  /** The name of the method that serves it: `includeLatestComment` or `includeLatestCommentBatch`. */
  readonly method: string;
  readonly item?: ItemIncludeMethod;
  readonly batch?: BatchIncludeMethod;
}

/** Method lookups are done once per class and include name, never per call. */
const cache = new WeakMap<object, Map<string, IncludeMethods>>();

/**
 * The include methods of `name` on a transformer, or a programming error naming the missing one.
 *
 * @example
 * includeMethods(new BookTransformer(), 'author').item; // BookTransformer.prototype.includeAuthor
 */
export function includeMethods(transformer: object, name: string): IncludeMethods {
  const proto = Object.getPrototypeOf(transformer) as Record<string, unknown>;
  let perClass = cache.get(proto);
  if (!perClass) cache.set(proto, (perClass = new Map<string, IncludeMethods>()));
  let methods = perClass.get(name);
  if (!methods) {
    const base = `include${pascalCase(name)}`;
    const item = typeof proto[base] === 'function' ? (proto[base] as ItemIncludeMethod) : undefined;
    const batch = typeof proto[`${base}Batch`] === 'function' ? (proto[`${base}Batch`] as BatchIncludeMethod) : undefined;
    if (!item && !batch) {
      throw new ApiError('RCA_TRANSFORMER_INCLUDE_METHOD', { transformer: transformer.constructor.name, include: name, method: base });
    }
    perClass.set(name, (methods = Object.freeze({ name, method: batch ? `${base}Batch` : base, item, batch })));
  }
  return methods;
}
