import { RelatedRef } from '../loader/RelatedRef';
import { NO_FIELDSETS } from '../query/Fieldset';
import { childNode, EMPTY_EXCLUDE_TREE, ExcludeTree, IncludeNode, IncludeTree } from '../query/IncludeTree';
import { Budget } from './Budget';
import { FieldPolicies } from './fieldPolicy';
import { HiddenFields } from './hiddenFields';
import { hiddenRelationIn, includeTarget, relatedModel, unusableIncludes, withoutHiddenKeys } from './AccessView';
import { aggregateGroup, callInclude } from './includeCalls';
import { columnSelector, includeWhere, readAs } from './includeReads';
import { childExclude, includeNames, refuseIncludes, unknownInclude } from './includeNames';
import { includeSortKeys } from './includeSortKeys';
import { ItemMaker } from './itemMaker';
import { attach, writeAggregates, writeInto } from './parentIncludes';
import type { CollectionResource, Resource } from './Resource';
import { sharedItems, SharedItems } from './sharedItems';
import { DEFAULT_RESOURCE_TYPE, TransformedItem, TransformedResource } from './Transformed';
import { Transformer } from './Transformer';
import type { WalkOptions } from './walkOptions';
import { joinParts, walkParts } from './walkParts';
import type { Group, LevelResult, SentFields, WritingResult, WrittenResult } from './walkLevel';
import { asksIncludes, awaitFields, awaitWritten, groupFor, includeParams, levelSize, modelsOf, toTransformed, writtenAsMade } from './walkLevel';

export type { WalkOptions };

const NO_NAMES: ReadonlySet<string> = new Set<string>();

/**
 * Walks the include tree over a resource. Each level is resolved for every parent at once: one
 * include method call per parent (or one batch call), then one load per relation for the whole set,
 * so a page of 100 books with `include=author,comments` costs the same queries as a page of 5.
 *
 * @example
 * const out = await new IncludeWalk({ loader: sqlRelationLoader, tree, defaults }).run(new CollectionResource(books, new BookTransformer()));
 */
export class IncludeWalk {
  private readonly budget: Budget;
  private readonly policies: FieldPolicies;
  private readonly items: ItemMaker;

  constructor(private readonly options: WalkOptions) {
    this.budget = new Budget(options.maxResources ?? Infinity, options.maxBytes ?? Infinity, options.sharedLimits);
    this.policies = new FieldPolicies(options.fieldsets ?? NO_FIELDSETS, options.alwaysKeep, options.displayKey, options.access);
    // Under a byte bound, the array envelopes' fields are measured as they are converted.
    const count = options.writer !== undefined && this.budget.maxBytes !== Infinity;
    this.items = new ItemMaker(this.policies, options.access ? new HiddenFields(options.access) : null, options.writer, count);
  }

  /** Resources the walk has transformed. */
  get resources(): number {
    return this.budget.resources;
  }

  /** Walks a resource and its includes; a large collection in parts (see walkParts()). */
  async run(resource: Resource): Promise<TransformedResource> {
    const parts: LevelResult[] = [];
    await this.eachPart(resource, (result) => parts.push(result));
    return toTransformed(resource, joinParts(parts));
  }

  /**
   * run() for a collection whose document is written a part at a time (Serializer.parts()): the
   * items of each part are handed to `write` as soon as the part is walked, and not kept here.
   */
  async runInParts(resource: CollectionResource, write: (items: TransformedItem[]) => void): Promise<void> {
    await this.eachPart(resource, (result) => write(result as TransformedItem[]));
  }

  private async eachPart(resource: Resource, done: (result: LevelResult) => void): Promise<void> {
    const { tree, exclude, narrow, partSize } = this.options;
    for (const part of walkParts(resource, partSize)) {
      const [result] = await this.transformAll([part], tree, DEFAULT_RESOURCE_TYPE, exclude ?? EMPTY_EXCLUDE_TREE, narrow);
      done(result);
    }
  }

  /** Transforms resources of one level, then resolves their includes together. `type` names those without a resource key. */
  private async transformAll(
    resources: Resource[],
    node: IncludeTree | IncludeNode,
    type: string,
    exclude: ExcludeTree,
    narrow?: readonly string[],
  ): Promise<LevelResult[]> {
    const groups = new Map<unknown, Group>();
    const shared = this.options.shareDuplicates ? new Map<unknown, Map<string, SharedItems>>() : null;
    this.items.startLevel();
    const results = resources.map((resource): LevelResult => {
      if (resource.kind === 'null') return null;
      const transformer = resource.transformer;
      if (!(transformer instanceof Transformer)) refuseIncludes(node);
      // Items of a level that asks for no include (most nested ones) need no bookkeeping; an exclude is checked there too.
      const group = asksIncludes(transformer, node, exclude) ? groupFor(groups, transformer as Transformer) : undefined;
      const policy = this.policies.ofResource(resource, type);
      const ref = resource.data instanceof RelatedRef ? resource.data : null;
      const data = ref ? ref.value : resource.data;
      // A has-many or has-one row belongs to one parent: no other resource of this level holds it.
      const seen = shared && !ref?.exclusive ? sharedItems(shared, transformer, resource.resourceKey ?? type) : null;
      if (resource.kind === 'item') {
        if (data === null || data === undefined) return null;
        this.budget.spend(1);
        return this.items.itemOf(data, transformer, group, policy, seen);
      }
      const models = modelsOf(data);
      this.budget.spend(models.length);
      const items = new Array<TransformedItem>(models.length);
      for (let i = 0; i < models.length; i++) items[i] = this.items.itemOf(models[i], transformer, group, policy, seen);
      return items;
    });
    if (this.items.pending) await awaitFields(results);
    // The level's size is counted before the next level is loaded (a response that grows past
    // `maxBytes` stops here, not once its whole body is built): as its fields were converted, or measured now.
    if (this.items.bytes !== undefined) this.budget.spendBytes(this.items.bytes);
    else if (this.budget.maxBytes !== Infinity) this.budget.spendBytes(levelSize(results));
    for (const group of groups.values()) await this.includeGroup(group, node, exclude, narrow);
    return results;
  }

  /**
   * transformAll() for an include level the writer writes as it is made (see writtenAsMade()): each
   * item is its fields as sent, with no item made for it, as nothing will be attached to it.
   */
  private async writeAll(resources: Resource[], type: string): Promise<WrittenResult[]> {
    this.items.startLevel();
    const results = resources.map((resource): WritingResult => {
      if (resource.kind === 'null') return null;
      const { transformer } = resource;
      const policy = this.policies.ofResource(resource, type);
      const data = resource.data instanceof RelatedRef ? resource.data.value : resource.data;
      if (resource.kind === 'item') {
        if (data === null || data === undefined) return null;
        this.budget.spend(1);
        return this.items.sentFields(data, transformer, policy);
      }
      const models = modelsOf(data);
      this.budget.spend(models.length);
      const fields = new Array<SentFields | Promise<SentFields>>(models.length);
      for (let i = 0; i < models.length; i++) fields[i] = this.items.sentFields(models[i], transformer, policy);
      return fields;
    });
    const written = this.items.pending ? await awaitWritten(results) : (results as WrittenResult[]);
    // Counted as the fields were converted (under a byte bound), as transformAll() counts.
    if (this.items.bytes !== undefined) this.budget.spendBytes(this.items.bytes);
    return written;
  }

  /** Resolves every requested and default include of one group of parents. */
  private async includeGroup(group: Group, node: IncludeTree | IncludeNode, exclude: ExcludeTree, narrow?: readonly string[]): Promise<void> {
    const { access } = this.options;
    const unusable = unusableIncludes(access, group.transformer);
    for (const [name, requested] of includeNames(group.transformer, node, exclude, narrow, unusable)) {
      const child = childNode(node, requested, this.options.defaults);
      const params = includeParams(child, group.transformer.limits[name]);
      const resources = await callInclude(group, name, params);
      // A relation the caller may not use, named by a method that could not be learnt beforehand:
      // refused as an include that does not exist when asked, left out when it is a default.
      if (access && hiddenRelationIn(access, resources) !== undefined) {
        if (node.children.has(requested)) throw unknownInclude(group.transformer, child.path, requested, new Set([...unusable, name]), narrow);
        continue;
      }
      const where = includeWhere(this.options, group.transformer, name, child);
      const target = access && (relatedModel(resources) ?? includeTarget(access, group.transformer, name));
      const hidden = target ? access.hidden(target) : undefined;
      if (child.aggregates) await aggregateGroup(this.options.loader, group, name, child, resources, where, hidden);
      if (child.rows === false) continue;
      // Include methods only name relations; the budget decides before any of them is loaded.
      this.budget.reserveLevel(resources, params.limit, child.path);
      const refs: RelatedRef[] = [];
      for (const resource of resources) if (resource.kind !== 'null' && resource.data instanceof RelatedRef) refs.push(resource.data);
      if (refs.length > 0) {
        const declared = group.transformer.sortable[name];
        const keys = withoutHiddenKeys(declared ? { allowed: declared } : includeSortKeys(resources), hidden ?? NO_NAMES);
        const sort = { params, sortGiven: child.sortGiven, path: child.path, ...keys, where };
        const loaded = this.options.observer?.include(child.path, refs.length);
        const columns = columnSelector(resources, name, this.policies, this.options.access);
        await this.options.loader.loadRelated(refs, sort, columns, readAs(resources, this.options.readAs));
        loaded?.(refs.reduce((rows, ref) => rows + (Array.isArray(ref.value) ? ref.value.length : ref.value == null ? 0 : 1), 0));
      }
      const below = childExclude(exclude, name);
      const cut = { limit: params.limit, offset: params.offset };
      const writer = this.options.writer;
      if (writer && !this.options.shareDuplicates && writtenAsMade(resources, child, below)) {
        const written = await this.writeAll(resources, name);
        writeInto(group, writer.key(name), name, resources, cut, (i, more) => {
          const result = written[i];
          return Array.isArray(result) ? writer.sentCollection(result, more) : writer.sentItem(result);
        });
        continue;
      }
      const results = await this.transformAll(resources, child, name, below);
      if (!writer) attach(group, name, resources, results, cut);
      else
        writeInto(group, writer.key(name), name, resources, cut, (i, more) =>
          Array.isArray(results[i]) ? writer.collection(results[i], more) : writer.item(results[i]),
        );
    }
    if (this.options.writer) writeAggregates(group, this.options.writer);
  }
}
