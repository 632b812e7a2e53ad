import type { ColumnSelector } from '../loader/parentBatches';
import type { ReadAs } from '../loader/selectModels';
import type { IncludeNode } from '../query/IncludeTree';
import { DEFAULT_FILTER_LIMITS } from '../query/parseFilter';
import type { AccessView } from './AccessView';
import { includeColumns } from './fieldColumns';
import type { FieldPolicies } from './fieldPolicy';
import { includeFilterRequest } from './includeFilter';
import type { NullResource, Resource } from './Resource';
import { Transformer } from './Transformer';
import type { WalkOptions } from './walkOptions';

/**
 * An include's `filter()` conditions as SQL on its related model under an alias; undefined without any.
 *
 * @example
 * includeWhere(options, new BookTransformer(), 'comments', child); // (alias) => '(... "rating" >= 4)'
 */
export function includeWhere(
  options: Pick<WalkOptions, 'loader' | 'filterLimits' | 'access'>,
  transformer: Transformer,
  name: string,
  child: IncludeNode,
): ((alias: string) => string) | undefined {
  const filter = includeFilterRequest(transformer, name, child, options.filterLimits ?? DEFAULT_FILTER_LIMITS, options.access);
  if (!filter) return undefined;
  return options.loader.condition(transformer.includeFilters[name].model(), filter);
}

/**
 * Rows, unless the config asks for instances or a transformer the rows go to needs them.
 *
 * @example
 * readAs(resources, 'rows'); // 'instances' when a transformer declares `instances = true`
 */
export function readAs(resources: Resource[], configured: ReadAs | undefined): ReadAs {
  if (configured !== 'rows') return 'instances';
  const needs = (resource: Resource) => resource.kind !== 'null' && resource.transformer instanceof Transformer && resource.transformer.instances;
  return resources.some(needs) ? 'instances' : 'rows';
}

/**
 * The columns an include's rows need for the fieldset of their type (all when it has none), less
 * those the principal may not read.
 *
 * @example
 * columnSelector(resources, 'comments', policies, access)(Comment); // ['id', 'book_id', 'body', ...]
 */
export function columnSelector(resources: Resource[], name: string, policies: FieldPolicies, access: AccessView | undefined): ColumnSelector {
  const first = resources.find((resource): resource is Exclude<Resource, NullResource> => resource.kind !== 'null');
  return includeColumns(first?.transformer, first && policies.fieldsetOf(first.resourceKey ?? name), access);
}
