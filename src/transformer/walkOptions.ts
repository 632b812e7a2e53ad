import type { AggregateValues } from '../loader/aggregateInMemory';
import type { RelationLoader } from '../loader/RelationLoader';
import type { CutCollection, TransformedItem } from './Transformed';
import type { AccessView } from './AccessView';
import type { FieldNames } from './hiddenFields';
import type { ByteCount } from './jsonSize';
import type { ReadAs } from '../loader/selectModels';
import type { IncludeObserver } from '../observe/RequestObservation';
import type { FilterLimits } from '../query/parseFilter';
import type { Fieldsets } from '../query/Fieldset';
import type { ExcludeTree, IncludeParams, IncludeTree } from '../query/IncludeTree';

/** What the include walk is given: the parts of the request query it uses, the limits, the options of the serializer. */
export interface WalkOptions {
  /** Reads the related rows and aggregates of each level: the database behind the walk (`sqlRelationLoader`). */
  loader: RelationLoader;
  /**
   * `readAs` of the config: what each level's rows are handed on as. `'rows'` still loads instances
   * for a transformer that declares `instances` and for a model that needs them. Default: `'instances'`.
   */
  readAs?: ReadAs;
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
  /**
   * Writes the document during the walk, for the array serializers, whose items are the
   * transformers' fields: each item's fields are converted once as it is made, and each include is
   * set into its parent's fields as soon as it is resolved, so that the serializer only wraps the
   * top level. Absent: the walk hands the serializer items with their includes beside them (JSON:API).
   */
  writer?: DocumentWriter;
  /**
   * What the request's principal may not use (its policies): fields made from attributes it may not
   * read are not sent, and includes, include filters, sorts and aggregates and fieldset names it may
   * not use are refused as names that do not exist. Absent: nothing is hidden.
   */
  access?: AccessView;
  /**
   * Top-level models walked at a time, each part with all its includes before the next (see
   * walkParts()): each include level reads its statements per part. Default: WALK_PART (500).
   */
  partSize?: number;
  /** Told of each include the walk loads (a span per include when tracing is on). */
  observer?: IncludeObserver;
}

/**
 * How the array envelopes write an item and its includes (`ArraySerializer.writer()`): the walk
 * calls it as it goes, in the order the document is sent.
 *
 * @example
 * const walk = new IncludeWalk({ loader: sqlRelationLoader, tree, defaults, writer: new ArraySerializer().writer(convert) });
 */
export interface DocumentWriter {
  /**
   * A transformer's fields as sent (keys, dates, lazy values; `Converter.fields`): the same object
   * when nothing changes. The `omit` fields (made from what the principal may not read) are left
   * out, and with `size` (when the walk counts bytes) their JSON size is added to it, in that pass.
   */
  fields(fields: Record<string, unknown>, omit: FieldNames | null, size?: ByteCount): Record<string, unknown>;
  /** The key an include or aggregate is sent under. */
  key(name: string): string;
  /** An included item's value in its parent: its fields (wrapped, for `data-array`), or null. */
  item(item: TransformedItem | null): unknown;
  /** An included collection's value in its parent; `more` when the include's limit left rows out. */
  collection(items: TransformedItem[], more?: CutCollection): unknown;
  /** item() of an item written as it was made (its fields as sent, nothing attached to it), or null. */
  sentItem(fields: Record<string, unknown> | null): unknown;
  /** collection() of items written as they were made: their fields as sent, in an array the writer may keep. */
  sentCollection(fields: Array<Record<string, unknown>>, more?: CutCollection): unknown;
  /** An include's aggregates as fields of its parent: `comments_count`, `comments_avg_rating`. */
  aggregates(fields: Record<string, unknown>, name: string, values: AggregateValues): void;
}
