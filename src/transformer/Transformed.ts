import type { AggregateValues } from '../loader/aggregateInMemory';

/**
 * The include walker's output and the serializers' input: transformed fields plus the resolved
 * includes, before any envelope is chosen.
 */
export interface TransformedItem {
  readonly fields: Record<string, unknown>;
  /** `linked` is false for an include the item's sparse fieldset leaves out. */
  includes: Array<[name: string, resource: TransformedResource, linked: boolean]>;
  /** Aggregates of relations asked with `include=comments:count` and the like. */
  aggregates?: Array<[name: string, values: AggregateValues]>;
  /**
   * Set when the walk converted the fields as it made them (keys, dates, lazy values: its
   * `writer` option): the serializer sends them as they are. `owned`: the conversion made a new
   * object, which the includes may be added to; `shared`: the transformer's own.
   */
  converted?: 'owned' | 'shared';
}

export type TransformedResource =
  | { readonly kind: 'item'; readonly resourceKey?: string; readonly item: TransformedItem | null }
  | {
      readonly kind: 'collection';
      readonly resourceKey?: string;
      readonly items: TransformedItem[];
      /** Set when the include's limit left rows out: the limit and offset it was read with. */
      readonly more?: CutCollection;
    }
  | { readonly kind: 'null'; readonly resourceKey?: string };

/** The limit and offset an include's collection was read with, when the limit left rows out. */
export interface CutCollection {
  readonly limit: number;
  readonly offset: number;
}

/** The type of a top-level resource without a resource key: JSON:API's `type`, and the key of its fieldset. */
export const DEFAULT_RESOURCE_TYPE = 'resources';
