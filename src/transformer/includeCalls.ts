import { ApiError } from '../errors/ApiError';
import { aggregateInMemory, AggregateValues } from '../loader/aggregateInMemory';
import { RelatedRef } from '../loader/RelatedRef';
import type { RelationLoader } from '../loader/RelationLoader';
import type { IncludeNode, IncludeParams } from '../query/IncludeTree';
import { includeMethods } from './includeMethods';
import { checkAggregates } from './includeNames';
import { isResource, Resource } from './Resource';
import { Transformer } from './Transformer';
import { CURRENT_PARAMS } from './IncludeParamsReader';
import { settleAll, type Group } from './walkLevel';

/**
 * Calls one include method for every parent of a group (or its batch method once), each through a
 * view of its transformer that answers getParsedParams() with the include's params; what it gives
 * must be one resource per parent.
 */
export async function callInclude(group: Group, name: string, params: IncludeParams): Promise<Resource[]> {
  const methods = includeMethods(group.transformer, name);
  const views = new Map<Transformer, Transformer>();
  const view = (transformer: Transformer) => {
    let found = views.get(transformer);
    if (!found) views.set(transformer, (found = Object.assign(Object.create(transformer) as Transformer, { [CURRENT_PARAMS]: params })));
    return found;
  };
  const results = methods.batch
    ? await methods.batch.call(view(group.transformer), group.entries.map((e) => e.model) as never[], params)
    : await settleAll(group.entries.map((e) => methods.item!.call(view(e.transformer), e.model as never, params)));
  if (!Array.isArray(results) || results.length !== group.entries.length || !results.every(isResource)) {
    throw new ApiError('RCA_TRANSFORMER_RESULT', { transformer: group.transformer.constructor.name, method: methods.method });
  }
  return results;
}

/**
 * The aggregates a request asks of one include (`comments:count`, `comments:avg(rating)`) for every
 * parent of a group: one `GROUP BY` statement for the relations not in memory. The columns must be
 * ones the transformer's `aggregates` allows for the include (400 otherwise).
 */
export async function aggregateGroup(
  loader: RelationLoader,
  group: Group,
  name: string,
  child: IncludeNode,
  resources: Resource[],
  where?: (alias: string) => string,
  hidden?: ReadonlySet<string>,
): Promise<void> {
  const aggregates = child.aggregates!;
  checkAggregates(group.transformer, name, child, hidden);
  const refs: RelatedRef[] = [];
  const values: AggregateValues[] = resources.map((resource) => {
    const data = resource.kind === 'null' ? null : resource.data;
    if (data instanceof RelatedRef) refs.push(data);
    return data instanceof RelatedRef ? {} : aggregateInMemory(data, aggregates);
  });
  const loaded = await loader.loadAggregates(refs, aggregates, where);
  let next = 0;
  resources.forEach((resource, i) => {
    const data = resource.kind === 'null' ? null : resource.data;
    const entry = group.entries[i].item;
    (entry.aggregates ??= []).push([name, data instanceof RelatedRef ? loaded[next++] : values[i]]);
  });
}
