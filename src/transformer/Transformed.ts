/**
 * The include walker's output and the serializers' input: transformed fields plus the resolved
 * includes, before any envelope is chosen.
 */
export interface TransformedItem {
  readonly fields: Record<string, unknown>;
  includes: Array<[name: string, resource: TransformedResource]>;
}

export type TransformedResource =
  | { readonly kind: 'item'; readonly resourceKey?: string; readonly item: TransformedItem | null }
  | { readonly kind: 'collection'; readonly resourceKey?: string; readonly items: TransformedItem[] }
  | { readonly kind: 'null'; readonly resourceKey?: string };
