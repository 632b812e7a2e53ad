import 'reflect-metadata';
import type { Model, ModelStatic } from 'sequelize';
import type { FilterableMetadata } from './filterTypes';
import type { TransformerLike } from './transformerLike';

/** Metadata keys written by the decorators, read by the integration layer. */
export const METADATA = Object.freeze({
  transformer: Symbol.for('routing-controllers-api:transformer'),
  includes: Symbol.for('routing-controllers-api:available-includes'),
  paginated: Symbol.for('routing-controllers-api:paginated'),
  sortable: Symbol.for('routing-controllers-api:sortable'),
  created: Symbol.for('routing-controllers-api:created'),
  filterable: Symbol.for('routing-controllers-api:filterable'),
  relationship: Symbol.for('routing-controllers-api:relationship'),
});

/** A transformer class with a no-argument constructor, or an instance to share. */
export type TransformerSource = (new () => TransformerLike) | TransformerLike;

export interface TransformerMetadata {
  readonly transformer: TransformerSource;
  readonly resourceKey?: string;
}

/** `@Paginated` options; both have defaults. */
export interface PaginatedOptions {
  /** Items per page when the request gives no `per_page` (default 15). */
  perPage?: number;
  /** The largest `per_page` a request may ask for (default 100). */
  maxPerPage?: number;
  /**
   * Pages by position (`?cursor=<token>`, in json-api mode `page[cursor]`) instead of by number: no
   * total, the same cost at any depth; load them with `cursorPaginate()`. Default false.
   */
  cursor?: boolean;
}

/** All the library's metadata of one action, read once when its route is registered. */
export interface ActionApiMetadata {
  readonly transformer?: TransformerMetadata;
  readonly includes?: readonly string[];
  readonly paginated?: Required<PaginatedOptions>;
  /** `@Sortable`: the fields `?sort=` may name. */
  readonly sortable?: readonly string[];
  /** `@Created`: the model whose record a 201 carries (documentation only). */
  readonly created?: () => ModelStatic<Model>;
  /** `@Filterable`: the model listed and the fields `filter[...]` may name. */
  readonly filterable?: FilterableMetadata;
  /** `@Relationship`: the association the action serves as a relationship endpoint (on the method or its class). */
  readonly relationship?: RelationshipMetadata;
}

/** What `@Relationship(() => Book, 'genres')` records. */
export interface RelationshipMetadata {
  readonly model: () => ModelStatic<Model>;
  readonly name: string;
}

/** Reads the decorators of `method` on a controller class. */
export function readActionMetadata(controller: { prototype: object }, method: string): ActionApiMetadata {
  const read = <K extends keyof ActionApiMetadata>(key: symbol) => Reflect.getMetadata(key, controller.prototype, method) as ActionApiMetadata[K];
  return Object.freeze({
    transformer: read<'transformer'>(METADATA.transformer),
    includes: read<'includes'>(METADATA.includes),
    paginated: read<'paginated'>(METADATA.paginated),
    sortable: read<'sortable'>(METADATA.sortable),
    created: read<'created'>(METADATA.created),
    filterable: read<'filterable'>(METADATA.filterable),
    relationship: read<'relationship'>(METADATA.relationship) ?? (Reflect.getMetadata(METADATA.relationship, controller) as RelationshipMetadata | undefined),
  });
}

/** True when an action carries none of the library's decorators: it is left exactly as it is. */
export function isUndecorated(metadata: ActionApiMetadata): boolean {
  return !metadata.transformer && !metadata.includes && !metadata.paginated && !metadata.sortable && !metadata.created && !metadata.filterable;
}

/** The transformer of `@Transformer`: a new instance of a class, or the instance given. */
export function instantiate(source: TransformerSource): TransformerLike {
  return typeof source === 'function' ? new source() : source;
}

/** A request context as these read it: the record of the action it runs, if any. */
type WithAction = { readonly action?: { readonly metadata: ActionApiMetadata; readonly transformer: TransformerLike | undefined } };

/** The resource key of the running action's `@Transformer`, if it gives one. */
export function actionResourceKey(context: WithAction): string | undefined {
  return context.action?.metadata.transformer?.resourceKey;
}

/**
 * The transformer of the running action's `@Transformer`, made once per request before the action
 * runs (and shared by the query check, the loader, the sort and the response); undefined for an
 * action without one.
 *
 * @example
 * const transformer = actionTransformer(currentContext());
 */
export function actionTransformer(context: WithAction): TransformerLike | undefined {
  return context.action?.transformer;
}
