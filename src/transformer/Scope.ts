import { isModel } from '../loader/isModel';
import { camelCase } from '../caseStyles';
import { ApiError, UnexpectedIncludesParameterError } from '../errors/ApiError';
import { childNode, IncludeNode, IncludeParams, IncludeTree } from '../include/IncludeTree';
import { loadRelated } from '../loader/loadRelated';
import { RelatedRef } from '../loader/RelatedRef';
import { includeMethods } from './includeMethods';
import { Budget } from './Budget';
import { AnyTransformer, isResource, Resource } from './Resource';
import type { TransformedItem, TransformedResource } from './Transformed';
import { CURRENT_PARAMS, filterFields, Transformer } from './Transformer';

export interface ScopeOptions {
  /** The parsed `include` of the request. */
  tree: IncludeTree;
  /** `@AvailableIncludes` of the action: narrows the top-level includes when set. */
  narrow?: readonly string[];
  /** Params of an include that the request did not qualify. */
  defaults: IncludeParams;
  /** `include.maxResources`: the most resources one response may transform (unbounded when absent). */
  maxResources?: number;
}

/** One transformed model waiting for its includes. */
interface Entry {
  model: unknown;
  transformer: Transformer;
  item: TransformedItem;
}

/** All parents of one level that share a transformer class. */
interface Group {
  transformer: Transformer;
  entries: Entry[];
}

/** Shared by every item without includes until it gets one. */
const NO_INCLUDES: TransformedItem['includes'] = Object.freeze([]) as unknown as TransformedItem['includes'];

/** `latest_comment`, `latestComment` and `LatestComment` name the same include. */
const normalize = (name: string) => camelCase(name).toLowerCase();

/**
 * Walks the include tree over a resource. Each level is resolved for every parent at once: one
 * include method call per parent (or one batch call), then one load per relation for the whole set,
 * so a page of 100 books with `include=author,comments` costs the same queries as a page of 5.
 *
 * @example
 * const out = await new Scope({ tree, defaults }).run(new CollectionResource(books, new BookTransformer()));
 */
export class Scope {
  private readonly budget: Budget;

  constructor(private readonly options: ScopeOptions) {
    this.budget = new Budget(options.maxResources ?? Infinity);
  }

  async run(resource: Resource): Promise<TransformedResource> {
    const [transformed] = await this.transformAll([resource], this.options.tree, this.options.narrow);
    return transformed;
  }

  /** Transforms resources of one level, then resolves their includes together. */
  private async transformAll(resources: Resource[], node: IncludeTree | IncludeNode, narrow?: readonly string[]): Promise<TransformedResource[]> {
    const groups = new Map<unknown, Group>();
    let pending = false;
    const transform = (model: unknown, transformer: AnyTransformer, group: Group | undefined): TransformedItem => {
      const item: TransformedItem = { fields: transformOne(transformer, model), includes: NO_INCLUDES };
      pending ||= item.fields instanceof Promise;
      group?.entries.push({ model, transformer: transformer as Transformer, item });
      return item;
    };
    const results = resources.map((resource): TransformedItem | TransformedItem[] | null => {
      if (resource.kind === 'null') return null;
      const transformer = resource.transformer;
      if (!(transformer instanceof Transformer)) refuseIncludes(node);
      // Items of a level that asks for no include (most nested ones) need no bookkeeping.
      const asks = transformer instanceof Transformer && (node.children.size > 0 || transformer.defaultIncludes.length > 0);
      const group = asks ? groupFor(groups, transformer as Transformer) : undefined;
      const data = resource.data instanceof RelatedRef ? resource.data.value : resource.data;
      if (resource.kind === 'item') {
        if (data === null || data === undefined) return null;
        this.budget.spend(1);
        return transform(data, transformer, group);
      }
      const models = modelsOf(data);
      this.budget.spend(models.length);
      return models.map((model) => transform(model, transformer, group));
    });
    if (pending) await awaitFields(results);
    for (const group of groups.values()) await this.includeGroup(group, node, narrow);
    return resources.map((resource, i) => toTransformed(resource, results[i]));
  }

  /** Resolves every requested and default include of one group of parents. */
  private async includeGroup(group: Group, node: IncludeTree | IncludeNode, narrow?: readonly string[]): Promise<void> {
    for (const [name, requested] of this.includeNames(group.transformer, node, narrow)) {
      const child = childNode(node, requested, this.options.defaults);
      const resources = await this.callInclude(group, name, child.params);
      // Include methods only name relations; the budget decides before any of them is loaded.
      this.budget.reserveLevel(resources, child.params.limit, child.path);
      const refs = resources.map((r) => (r.kind !== 'null' && r.data instanceof RelatedRef ? r.data : null)).filter((r): r is RelatedRef => r !== null);
      if (refs.length > 0) {
        await loadRelated(refs, { params: child.params, sortGiven: child.sortGiven, path: child.path, allowed: group.transformer.sortable[name] });
      }
      const transformed = await this.transformAll(resources, child);
      group.entries.forEach((entry, i) => {
        if (entry.item.includes === NO_INCLUDES) entry.item.includes = [];
        entry.item.includes.push([name, transformed[i]]);
      });
    }
  }

  /** Requested names checked against the transformer (and the action's narrowing), plus defaults. */
  private includeNames(transformer: Transformer, node: IncludeTree | IncludeNode, narrow?: readonly string[]): Array<[string, string]> {
    const allowed = transformer.availableIncludes.filter((name) => !narrow || narrow.some((n) => normalize(n) === normalize(name)));
    const byKey = new Map(allowed.map((name) => [normalize(name), name]));
    const names: Array<[string, string]> = [];
    for (const [requested, child] of node.children) {
      const declared = byKey.get(normalize(requested));
      if (!declared) {
        throw new UnexpectedIncludesParameterError(child.path, `unknown include "${requested}"; available: ${allowed.join(', ') || 'none'}`);
      }
      names.push([declared, requested]);
    }
    for (const name of transformer.defaultIncludes) {
      if (!names.some(([declared]) => declared === name)) names.push([name, name]);
    }
    return names;
  }

  private async callInclude(group: Group, name: string, params: IncludeParams): Promise<Resource[]> {
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
}

/** Include methods are mostly synchronous: wait only when one of them returned a promise. */
function settleAll<T>(results: Array<T | Promise<T>>): T[] | Promise<T[]> {
  return results.some((result) => result instanceof Promise) ? Promise.all(results) : (results as T[]);
}

/** Only a Transformer declares includes: asking one of anything else is the client's error. */
function refuseIncludes(node: IncludeTree | IncludeNode): void {
  const [first] = node.children.values();
  if (first) throw new UnexpectedIncludesParameterError(first.path, `unknown include "${first.name}"; available: none`);
}

function groupFor(groups: Map<unknown, Group>, transformer: Transformer): Group {
  let group = groups.get(transformer.constructor);
  if (!group) groups.set(transformer.constructor, (group = { transformer, entries: [] }));
  return group;
}

/** The models of a collection's data: an array, any other iterable, or none. */
function modelsOf(data: unknown): unknown[] {
  if (data === null || data === undefined) return [];
  return Array.isArray(data) ? data : [...(data as Iterable<unknown>)];
}

/** Transformer, function, or none: a model becomes its plain attributes. */
function transformOne(transformer: AnyTransformer, model: unknown): Record<string, unknown> {
  if (!transformer) return isModel(model) ? (model.get({ plain: true }) as Record<string, unknown>) : (model as Record<string, unknown>);
  if (typeof transformer === 'function') return transformer(model as never);
  const fields = transformer.transform(model as never) as Record<string, unknown>;
  if (transformer instanceof Transformer && !(fields instanceof Promise)) return filterFields(fields, transformer.visible, transformer.hidden);
  return fields;
}

/** Transformers may be async; only then is anything awaited. */
async function awaitFields(results: Array<TransformedItem | TransformedItem[] | null>): Promise<void> {
  for (const result of results) {
    for (const item of Array.isArray(result) ? result : result ? [result] : []) {
      if (item.fields instanceof Promise) (item as { fields: unknown }).fields = await item.fields;
    }
  }
}

function toTransformed(resource: Resource, result: TransformedItem | TransformedItem[] | null): TransformedResource {
  if (resource.kind === 'null') return { kind: 'null' };
  if (resource.kind === 'item') return { kind: 'item', resourceKey: resource.resourceKey, item: result as TransformedItem | null };
  return { kind: 'collection', resourceKey: resource.resourceKey, items: result as TransformedItem[] };
}
