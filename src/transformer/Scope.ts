import { Model } from 'sequelize';
import { ApiError, UnexpectedIncludesParameterError } from '../errors/ApiError';
import { childNode, IncludeNode, IncludeParams, IncludeTree } from '../include/IncludeTree';
import { loadRelated } from '../loader/loadRelated';
import { RelatedRef } from '../loader/RelatedRef';
import { includeMethods } from './includeMethods';
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

const normalize = (name: string) => name.replace(/[_-]+([a-zA-Z0-9])/g, (_m, c: string) => c.toUpperCase()).toLowerCase();

/**
 * Walks the include tree over a resource. Each level is resolved for every parent at once: one
 * include method call per parent (or one batch call), then one load per relation for the whole set,
 * so a page of 100 books with `include=author,comments` costs the same queries as a page of 5.
 *
 * @example
 * const out = await new Scope({ tree, defaults }).run(new CollectionResource(books, new BookTransformer()));
 */
export class Scope {
  constructor(private readonly options: ScopeOptions) {}

  async run(resource: Resource): Promise<TransformedResource> {
    const [transformed] = await this.transformAll([resource], this.options.tree, this.options.narrow);
    return transformed;
  }

  /** Transforms resources of one level, then resolves their includes together. */
  private async transformAll(resources: Resource[], node: IncludeTree | IncludeNode, narrow?: readonly string[]): Promise<TransformedResource[]> {
    const groups = new Map<unknown, Group>();
    const lists = resources.map((resource) => {
      if (resource.kind === 'null') return null;
      const models = modelsOf(resource.data, resource.kind);
      const transformer = resource.transformer;
      const group = transformer instanceof Transformer ? groupFor(groups, transformer) : undefined;
      if (!group) refuseIncludes(node);
      return models.map((model) => {
        const item: TransformedItem = { fields: transformOne(transformer, model), includes: [] };
        group?.entries.push({ model, transformer: transformer as Transformer, item });
        return item;
      });
    });
    await awaitFields(lists);
    for (const group of groups.values()) await this.includeGroup(group, node, narrow);
    return resources.map((resource, i) => toTransformed(resource, lists[i]));
  }

  /** Resolves every requested and default include of one group of parents. */
  private async includeGroup(group: Group, node: IncludeTree | IncludeNode, narrow?: readonly string[]): Promise<void> {
    for (const [name, requested] of this.includeNames(group.transformer, node, narrow)) {
      const child = childNode(node, requested, this.options.defaults);
      const resources = await this.callInclude(group, name, child.params);
      const refs = resources.map((r) => (r.kind !== 'null' && r.data instanceof RelatedRef ? r.data : null)).filter((r): r is RelatedRef => r !== null);
      if (refs.length > 0) {
        await loadRelated(refs, { params: child.params, sortGiven: child.sortGiven, path: child.path, allowed: group.transformer.sortable[name] });
      }
      const transformed = await this.transformAll(resources, child);
      group.entries.forEach((entry, i) => entry.item.includes.push([name, transformed[i]]));
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
      if (!found) views.set(transformer, (found = Object.assign(Object.create(transformer), { [CURRENT_PARAMS]: params })));
      return found;
    };
    const results = methods.batch
      ? await methods.batch.call(view(group.transformer), group.entries.map((e) => e.model) as never[], params)
      : await Promise.all(group.entries.map((e) => methods.item!.call(view(e.transformer), e.model as never, params)));
    if (!Array.isArray(results) || results.length !== group.entries.length || !results.every(isResource)) {
      const method = `include${name[0].toUpperCase()}${name.slice(1)}${methods.batch ? 'Batch' : ''}`;
      throw new ApiError('RCA_TRANSFORMER_RESULT', { transformer: group.transformer.constructor.name, method });
    }
    return results;
  }
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

/** The models of a resource's data: an item is a list of one (or none when null). */
function modelsOf(data: unknown, kind: 'item' | 'collection'): unknown[] {
  const value = data instanceof RelatedRef ? data.value : data;
  if (value === null || value === undefined) return [];
  if (kind === 'item') return [value];
  return Array.isArray(value) ? value : [...(value as Iterable<unknown>)];
}

/** Transformer, function, or none: a model becomes its plain attributes. */
function transformOne(transformer: AnyTransformer, model: unknown): Record<string, unknown> {
  if (!transformer) return model instanceof Model ? model.get({ plain: true }) : (model as Record<string, unknown>);
  if (typeof transformer === 'function') return transformer(model as never);
  const fields = transformer.transform(model as never) as Record<string, unknown>;
  if (transformer instanceof Transformer && !(fields instanceof Promise)) return filterFields(fields, transformer.visible, transformer.hidden);
  return fields;
}

/** Transformers may be async; only then is anything awaited. */
async function awaitFields(lists: Array<TransformedItem[] | null>): Promise<void> {
  for (const list of lists) {
    for (const item of list ?? []) {
      if (item.fields instanceof Promise) (item as { fields: unknown }).fields = await item.fields;
    }
  }
}

function toTransformed(resource: Resource, items: TransformedItem[] | null): TransformedResource {
  if (resource.kind === 'null') return { kind: 'null' };
  if (resource.kind === 'item') return { kind: 'item', resourceKey: resource.resourceKey, item: items![0] ?? null };
  return { kind: 'collection', resourceKey: resource.resourceKey, items: items! };
}
