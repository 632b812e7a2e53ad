import type { Model } from 'sequelize';
import { isModel } from '../loader/isModel';
import { ApiError } from '../errors/ApiError';
import { Fieldset, Fieldsets, NO_FIELDSETS } from '../query/Fieldset';
import { fieldKey } from '../text/fieldKey';
import { childNode, EMPTY_EXCLUDE_TREE, ExcludeTree, IncludeNode, IncludeParams, IncludeTree } from '../query/IncludeTree';
import { checkFieldsetNames } from './checkFieldsetNames';
import { fieldColumns } from './fieldColumns';
import { loadAggregates } from '../loader/loadAggregates';
import { aggregateInMemory, AggregateValues } from '../loader/aggregateInMemory';
import { loadRelated } from '../loader/loadRelated';
import { filterSql } from '../loader/compileFilter';
import { includeFilterRequest } from './includeFilter';
import { DEFAULT_FILTER_LIMITS, FilterLimits } from '../query/parseFilter';
import type { ColumnSelector } from '../loader/sequelizeLoader';
import { RelatedRef } from '../loader/RelatedRef';
import { includeMethods } from './includeMethods';
import { checkAggregates, childExclude, includeNames, refuseIncludes } from './includeNames';
import { includeSortKeys } from './includeSortKeys';
import { jsonSize } from './jsonSize';
import { Budget } from './Budget';
import { resolveFields } from './fieldValues';
import { AnyTransformer, isResource, NullResource, Resource } from './Resource';
import { DEFAULT_RESOURCE_TYPE, TransformedItem, TransformedResource } from './Transformed';
import { CURRENT_PARAMS, filterFields, Transformer } from './Transformer';
import type { IncludeObserver } from '../observe/RequestObservation';

export interface ScopeOptions {
  /** The parsed `include` of the request. */
  tree: IncludeTree;
  /** `@AvailableIncludes` of the action: narrows the top-level includes when set. */
  narrow?: readonly string[];
  /** The parsed `exclude` of the request: includes dropped, default ones too. */
  exclude?: ExcludeTree;
  /** Params of an include that the request did not qualify. */
  defaults: IncludeParams;
  /** `include.maxResources`: the most resources one response may transform (unbounded when absent). */
  maxResources?: number;
  /** `response.maxBytes`: about the most bytes of JSON the transformed fields may come to (unbounded when absent). */
  maxBytes?: number;
  /** The two limits are what is left of a budget other answers share (a batch's): going over is RCA_SHARED_BUDGET. */
  sharedLimits?: boolean;
  /** The request's sparse fieldsets (`fields[books]=title`), by resource type. */
  fieldsets?: Fieldsets;
  /** Fields a resource keeps whatever its fieldset says: `id`, and in json-api mode the self `link`. */
  alwaysKeep?: readonly string[];
  /** A field name as the client sees it (after key conversion), for error messages. */
  displayKey?: (name: string) => string;
  /** `filter.*` of the config: the bounds of an include's `filter()` conditions. */
  filterLimits?: FilterLimits;
  /**
   * A model met again at one level, with the same transformer class and type, shares the item made
   * the first time instead of being transformed again: for JSON:API, which sends each resource once
   * (the serializer keeps the first and skips the rest, includes and all). Models are the same when
   * their class and primary key are; anything else only when it is the same object. Rows of a
   * has-many or has-one relation are not looked up: each belongs to one parent. This assumes
   * what JSON:API does: a resource's `id` depends on its model alone, not on the parent it was met under.
   */
  shareDuplicates?: boolean;
  /** Told of each include the walk loads (a span per include when tracing is on). */
  observer?: IncludeObserver;
}

/** How the fields of one resource type are cut down to its fieldset; checked against the first item. */
interface FieldPolicy {
  type: string;
  fieldset: Fieldset;
  keep: (key: string) => boolean;
  checked: boolean;
}

/** One transformed model waiting for its includes. */
interface Entry {
  model: unknown;
  transformer: Transformer;
  item: TransformedItem;
  policy: FieldPolicy | null;
}

/** All parents of one level that share a transformer class. */
interface Group {
  transformer: Transformer;
  entries: Entry[];
}

/** Shared by every item without includes until it gets one. */
const NO_INCLUDES: TransformedItem['includes'] = Object.freeze([]) as unknown as TransformedItem['includes'];

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
  private readonly fieldsets: Fieldsets;
  private readonly policies = new Map<string, FieldPolicy | null>();

  constructor(private readonly options: ScopeOptions) {
    this.budget = new Budget(options.maxResources ?? Infinity, options.maxBytes ?? Infinity, options.sharedLimits);
    this.fieldsets = options.fieldsets ?? NO_FIELDSETS;
  }

  /** Resources the walk has transformed. */
  get resources(): number {
    return this.budget.resources;
  }

  async run(resource: Resource): Promise<TransformedResource> {
    const [transformed] = await this.transformAll(
      [resource],
      this.options.tree,
      DEFAULT_RESOURCE_TYPE,
      this.options.exclude ?? EMPTY_EXCLUDE_TREE,
      this.options.narrow,
    );
    return transformed;
  }

  /** Transforms resources of one level, then resolves their includes together. `type` names those without a resource key. */
  private async transformAll(
    resources: Resource[],
    node: IncludeTree | IncludeNode,
    type: string,
    exclude: ExcludeTree,
    narrow?: readonly string[],
  ): Promise<TransformedResource[]> {
    const groups = new Map<unknown, Group>();
    const shared = this.options.shareDuplicates ? new Map<unknown, Map<string, SharedItems>>() : null;
    let pending = false;
    const transform = (model: unknown, transformer: AnyTransformer, group: Group | undefined, policy: FieldPolicy | null): TransformedItem => {
      const raw = transformOne(transformer, model);
      const fields = raw instanceof Promise ? raw.then((done) => this.finish(done, transformer, policy)) : this.finish(raw, transformer, policy);
      // An async transformer's fields are awaited in place before the includes are resolved.
      const item: TransformedItem = { fields: fields as Record<string, unknown>, includes: NO_INCLUDES };
      pending ||= fields instanceof Promise;
      group?.entries.push({ model, transformer: transformer as Transformer, item, policy });
      return item;
    };
    const results = resources.map((resource): TransformedItem | TransformedItem[] | null => {
      if (resource.kind === 'null') return null;
      const transformer = resource.transformer;
      if (!(transformer instanceof Transformer)) refuseIncludes(node);
      // Items of a level that asks for no include (most nested ones) need no bookkeeping; an exclude is checked there too.
      const asks =
        transformer instanceof Transformer &&
        (node.children.size > 0 || transformer.defaultIncludes.length > 0 || exclude.names.size > 0 || exclude.children.size > 0);
      const group = asks ? groupFor(groups, transformer as Transformer) : undefined;
      const policy = this.policyFor(resource.resourceKey ?? type);
      // A transformer that declares its fields answers for its type even when no item of it is sent.
      if (policy && !policy.checked && transformer instanceof Transformer && transformer.schema) {
        this.checkFieldset(policy, transformer.schema, transformer);
        policy.checked = true;
      }
      const ref = resource.data instanceof RelatedRef ? resource.data : null;
      const data = ref ? ref.value : resource.data;
      const make = (model: unknown) => transform(model, transformer, group, policy);
      // A has-many or has-one row belongs to one parent: no other resource of this level holds it.
      const seen = shared && !ref?.exclusive && sharedItems(shared, transformer, resource.resourceKey ?? type);
      const once = seen ? (model: unknown) => seen.itemOf(model, make) : make;
      if (resource.kind === 'item') {
        if (data === null || data === undefined) return null;
        this.budget.spend(1);
        return once(data);
      }
      const models = modelsOf(data);
      this.budget.spend(models.length);
      return models.map(once);
    });
    if (pending) await awaitFields(results);
    // The level's size is counted before the next level is loaded (a response that grows past
    // `maxBytes` stops here, not once its whole body is built).
    if (this.budget.maxBytes !== Infinity) this.budget.spendBytes(levelSize(results));
    for (const group of groups.values()) await this.includeGroup(group, node, exclude, narrow);
    return resources.map((resource, i) => toTransformed(resource, results[i]));
  }

  /** The field policy of a resource type: null when the request gave it no fieldset. */
  private policyFor(type: string): FieldPolicy | null {
    if (this.fieldsets.size === 0) return null;
    let policy = this.policies.get(type);
    if (policy === undefined) {
      const fieldset = this.fieldsets.get(type);
      const always = new Set((this.options.alwaysKeep ?? ['id']).map(fieldKey));
      policy = fieldset ? { type, fieldset, keep: (key) => fieldset.has(key) || always.has(fieldKey(key)), checked: false } : null;
      this.policies.set(type, policy);
    }
    return policy;
  }

  /** The fields as sent: lazy values computed, missing ones dropped, the fieldset applied (checked once per type). */
  private finish(fields: Record<string, unknown>, transformer: AnyTransformer, policy: FieldPolicy | null): Record<string, unknown> {
    if (policy && !policy.checked) {
      this.checkFieldset(policy, fields, transformer);
      policy.checked = true;
    }
    // Without a fieldset, lazy and missing values are resolved by the serializer as it converts the fields.
    return policy ? resolveFields(fields, policy.keep) : fields;
  }

  /** Every name of a fieldset must be a field or an include of the type (checked once per type). */
  private checkFieldset(policy: FieldPolicy, fields: Record<string, unknown>, transformer: AnyTransformer): void {
    checkFieldsetNames(policy.fieldset, Object.keys(fields), transformer, this.options.displayKey);
  }

  /** Resolves every requested and default include of one group of parents. */
  private async includeGroup(group: Group, node: IncludeTree | IncludeNode, exclude: ExcludeTree, narrow?: readonly string[]): Promise<void> {
    for (const [name, requested] of includeNames(group.transformer, node, exclude, narrow)) {
      const child = childNode(node, requested, this.options.defaults);
      const params = includeParams(child, group.transformer.limits[name]);
      const resources = await this.callInclude(group, name, params);
      const where = this.includeWhere(group.transformer, name, child);
      if (child.aggregates) await aggregateGroup(group, name, child, resources, where);
      if (child.rows === false) continue;
      // Include methods only name relations; the budget decides before any of them is loaded.
      this.budget.reserveLevel(resources, params.limit, child.path);
      const refs: RelatedRef[] = [];
      for (const resource of resources) if (resource.kind !== 'null' && resource.data instanceof RelatedRef) refs.push(resource.data);
      if (refs.length > 0) {
        const declared = group.transformer.sortable[name];
        const keys = declared ? { allowed: declared } : includeSortKeys(resources);
        const sort = { params, sortGiven: child.sortGiven, path: child.path, ...keys, where };
        const loaded = this.options.observer?.include(child.path, refs.length);
        await loadRelated(refs, sort, this.columnSelector(resources, name));
        loaded?.(refs.reduce((rows, ref) => rows + (Array.isArray(ref.value) ? ref.value.length : ref.value == null ? 0 : 1), 0));
      }
      const transformed = await this.transformAll(resources, child, name, childExclude(exclude, name));
      group.entries.forEach((entry, i) => {
        if (entry.item.includes === NO_INCLUDES) entry.item.includes = [];
        // A collection the include's limit cut says so, with the limit and offset that cut it.
        const data = resources[i].kind === 'collection' ? resources[i].data : null;
        const resource = data instanceof RelatedRef && data.more ? { ...transformed[i], more: { limit: params.limit, offset: params.offset } } : transformed[i];
        // An include the parent's fieldset leaves out is not a field of it (JSON:API still sends it in `included`).
        entry.item.includes.push([name, resource, !entry.policy || entry.policy.fieldset.has(name)]);
      });
    }
  }

  /** An include's `filter()` conditions as SQL on its related model under an alias; undefined without any. */
  private includeWhere(transformer: Transformer, name: string, child: IncludeNode): ((alias: string) => string) | undefined {
    const filter = includeFilterRequest(transformer, name, child, this.options.filterLimits ?? DEFAULT_FILTER_LIMITS);
    if (!filter) return undefined;
    const model = transformer.includeFilters[name].model();
    return (alias) => filterSql(model, filter, alias);
  }

  /** The columns an include's rows need for the fieldset of their type (all when it has none). */
  private columnSelector(resources: Resource[], name: string): ColumnSelector | undefined {
    const first = resources.find((resource): resource is Exclude<Resource, NullResource> => resource.kind !== 'null');
    const fieldset = first && this.fieldsets.get(first.resourceKey ?? name);
    return fieldset && ((target) => fieldColumns(target, first.transformer, fieldset));
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

/**
 * The aggregates a request asks of one include (`comments:count`, `comments:avg(rating)`) for every
 * parent of a group: one `GROUP BY` statement for the relations not in memory. The columns must be
 * ones the transformer's `aggregates` allows for the include (400 otherwise).
 */
async function aggregateGroup(group: Group, name: string, child: IncludeNode, resources: Resource[], where?: (alias: string) => string): Promise<void> {
  const aggregates = child.aggregates!;
  checkAggregates(group.transformer, name, child);
  const refs: RelatedRef[] = [];
  const values: AggregateValues[] = resources.map((resource) => {
    const data = resource.kind === 'null' ? null : resource.data;
    if (data instanceof RelatedRef) refs.push(data);
    return data instanceof RelatedRef ? {} : aggregateInMemory(data, aggregates);
  });
  const loaded = await loadAggregates(refs, aggregates, where);
  let next = 0;
  resources.forEach((resource, i) => {
    const data = resource.kind === 'null' ? null : resource.data;
    const entry = group.entries[i].item;
    (entry.aggregates ??= []).push([name, data instanceof RelatedRef ? loaded[next++] : values[i]]);
  });
}

/** An include's params: the transformer's default limit for it (`limits`) unless the request gave `limit(n)`. */
function includeParams(child: IncludeNode, limit: number | undefined): IncludeParams {
  return child.limitGiven || limit === undefined ? child.params : { ...child.params, limit };
}

/** Include methods are mostly synchronous: wait only when one of them returned a promise. */
function settleAll<T>(results: Array<T | Promise<T>>): T[] | Promise<T[]> {
  return results.some((result) => result instanceof Promise) ? Promise.all(results) : (results as T[]);
}

function groupFor(groups: Map<unknown, Group>, transformer: Transformer): Group {
  let group = groups.get(transformer.constructor);
  if (!group) groups.set(transformer.constructor, (group = { transformer, entries: [] }));
  return group;
}

/** The items made so far at one level through one transformer class for one type (JSON:API's `shareDuplicates`). */
class SharedItems {
  private readonly models = new Map<unknown, Map<unknown, TransformedItem>>();
  private readonly others = new Map<unknown, TransformedItem>();

  /** The item of a model met before (same class and primary key; anything else: the same object), else a new one. */
  itemOf(model: unknown, make: (model: unknown) => TransformedItem): TransformedItem {
    const key = isModel(model) ? primaryKey(model) : undefined;
    const known = key !== undefined && key !== null;
    const items = known ? this.ofClass((model as Model).constructor) : this.others;
    const identity = known ? key : model;
    let item = items.get(identity);
    if (!item) items.set(identity, (item = make(model)));
    return item;
  }

  private ofClass(modelClass: unknown): Map<unknown, TransformedItem> {
    let items = this.models.get(modelClass);
    if (!items) this.models.set(modelClass, (items = new Map<unknown, TransformedItem>()));
    return items;
  }
}

/** The shared items of one transformer class (or function) and type, at the level `shared` belongs to. */
function sharedItems(shared: Map<unknown, Map<string, SharedItems>>, transformer: AnyTransformer, type: string): SharedItems {
  // Instances of one Transformer class share; a function or a plain object only with itself.
  const maker = transformer && typeof transformer === 'object' && transformer.constructor !== Object ? transformer.constructor : transformer;
  let byType = shared.get(maker);
  if (!byType) shared.set(maker, (byType = new Map<string, SharedItems>()));
  let items = byType.get(type);
  if (!items) byType.set(type, (items = new SharedItems()));
  return items;
}

function primaryKey(model: Model): unknown {
  const attribute = (model.constructor as { primaryKeyAttribute?: string }).primaryKeyAttribute;
  return attribute === undefined ? undefined : (model.dataValues as Record<string, unknown>)[attribute];
}

/** The models of a collection's data: an array, any other iterable, or none. */
function modelsOf(data: unknown): unknown[] {
  if (data === null || data === undefined) return [];
  return Array.isArray(data) ? data : [...(data as Iterable<unknown>)];
}

/** Transformer, function, or none: a model becomes its plain attributes. */
function transformOne(transformer: AnyTransformer, model: unknown): Record<string, unknown> | Promise<Record<string, unknown>> {
  if (!transformer) return isModel(model) ? (model.get({ plain: true }) as Record<string, unknown>) : (model as Record<string, unknown>);
  if (typeof transformer === 'function') return transformer(model as never);
  const fields = transformer.transform(model as never) as Record<string, unknown>;
  if (transformer instanceof Transformer && !(fields instanceof Promise)) return filterFields(fields, transformer.visible, transformer.hidden);
  return fields;
}

/** The estimated JSON size of the fields transformed at one level. */
function levelSize(results: Array<TransformedItem | TransformedItem[] | null>): number {
  let size = 0;
  for (const result of results) {
    if (Array.isArray(result)) for (const item of result) size += jsonSize(item.fields);
    else if (result) size += jsonSize(result.fields);
  }
  return size;
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
