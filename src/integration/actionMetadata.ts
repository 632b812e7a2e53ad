import 'reflect-metadata';
import type { TransformerLike } from '../transformer/Resource';

/** Metadata keys written by the decorators, read by the integration layer. */
export const METADATA = Object.freeze({
  transformer: Symbol.for('routing-controllers-api:transformer'),
  includes: Symbol.for('routing-controllers-api:available-includes'),
  paginated: Symbol.for('routing-controllers-api:paginated'),
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
}

/** All the library's metadata of one action, read once when its route is registered. */
export interface ActionApiMetadata {
  readonly transformer?: TransformerMetadata;
  readonly includes?: readonly string[];
  readonly paginated?: Required<PaginatedOptions>;
}

/** Reads the decorators of `method` on a controller class. */
export function readActionMetadata(controller: { prototype: object }, method: string): ActionApiMetadata {
  const read = <K extends keyof ActionApiMetadata>(key: symbol) => Reflect.getMetadata(key, controller.prototype, method) as ActionApiMetadata[K];
  return Object.freeze({
    transformer: read<'transformer'>(METADATA.transformer),
    includes: read<'includes'>(METADATA.includes),
    paginated: read<'paginated'>(METADATA.paginated),
  });
}

/** True when an action carries none of the library's decorators: it is left exactly as it is. */
export function isUndecorated(metadata: ActionApiMetadata): boolean {
  return !metadata.transformer && !metadata.includes && !metadata.paginated;
}
