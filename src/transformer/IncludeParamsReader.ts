import defaults from '../../config/api';
import { requestStorage } from '../context/RequestContext';
import type { IncludeParams } from '../query/IncludeTree';
import { includeDefaults } from '../query/parseIncludes';

/** The params of the include being resolved, set on a per-include view of the transformer. */
export const CURRENT_PARAMS = Symbol('rca.currentIncludeParams');

/** The configured include defaults: of the current app when inside a request, else the documented ones. */
export function defaultIncludeParams(): IncludeParams {
  return includeDefaults(requestStorage.getStore()?.app.config.include.params ?? defaults.include!.params!);
}

/**
 * What an include method reads of the include being resolved: its `limit`, `offset`, `sort` and
 * `order` (`comments:limit(5|0):sort(created_at|desc)`), or the configured defaults. The base of
 * every Transformer.
 *
 * @example
 * includeComments(book: Book) { return this.collection(this.related(book, 'comments'), new CommentTransformer()); } // this.getLimit(): 5
 */
export abstract class IncludeParamsReader {
  private [CURRENT_PARAMS]?: IncludeParams;

  /** The parsed `{ limit, offset, sort, order }` of the include being resolved, or one of them. */
  getParsedParams(): IncludeParams;
  getParsedParams<K extends keyof IncludeParams>(key: K): IncludeParams[K];
  getParsedParams(key?: keyof IncludeParams): IncludeParams | IncludeParams[keyof IncludeParams] {
    const params = this[CURRENT_PARAMS] ?? defaultIncludeParams();
    return key === undefined ? params : params[key];
  }

  /** Same as getParsedParams(). */
  get(): IncludeParams;
  get<K extends keyof IncludeParams>(key: K): IncludeParams[K];
  get(key?: keyof IncludeParams): IncludeParams | IncludeParams[keyof IncludeParams] {
    return key === undefined ? this.getParsedParams() : this.getParsedParams(key);
  }

  getLimit(): number {
    return this.getParsedParams('limit');
  }

  getOffset(): number {
    return this.getParsedParams('offset');
  }

  getSortKey(): string {
    return this.getParsedParams('sort');
  }

  getSortDirection(): 'asc' | 'desc' {
    return this.getParsedParams('order');
  }
}
