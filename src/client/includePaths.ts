import type { RouteTable } from './routeTable';
import type { IncludeOf } from './transformerTypes';

/** The resource entry of type `R` in the table. */
export type ResourceOf<Tb extends RouteTable, R> = R extends keyof Tb['resources'] ? Tb['resources'][R] : never;

/** The type name an include of `T` sends its resources under. */
type ChildType<T, N extends string> = IncludeOf<T, N> extends { type: infer K } ? K : never;

/** A tuple of `D` elements, for counting include levels down (`depth` of the table, 1 to 5). */
export type Levels<D> = D extends 1 ? [0] : D extends 2 ? [0, 0] : D extends 4 ? [0, 0, 0, 0] : D extends 5 ? [0, 0, 0, 0, 0] : [0, 0, 0];

/**
 * Every include path a request may ask from resource type `R`, to the depth `L` counts
 * (`'author' | 'comments' | 'comments.author' | ...`): the names each level's transformer allows.
 */
export type IncludePaths<Tb extends RouteTable, R, L extends readonly unknown[]> = L extends readonly [unknown, ...infer Below]
  ? ResourceOf<Tb, R> extends { includes: infer N extends string; transformer: infer T }
    ? { [K in N]: K | `${K}.${IncludePaths<Tb, ChildType<T, K>, Below>}` }[N]
    : never
  : never;

/**
 * What the `include` option of a route takes: an allowed path, with modifiers after a colon
 * (`comments:limit(3)`, `comments:count`, `comments:avg(rating)`); anything else is a compile error
 * that lists the allowed paths. `Top`: the names the route itself narrows the first level to
 * (`@AvailableIncludes`), never for all of its transformer's.
 */
export type IncludeOption<Tb extends RouteTable, R, Top extends string = never> = (
  [Top] extends [never] ? IncludePaths<Tb, R, Levels<Tb['depth']>> : NarrowedPaths<Tb, R, Top>
) extends infer P extends string
  ? P | `${P}:${string}`
  : never;

/** The paths of `R` whose first name is among `Top`. */
type NarrowedPaths<Tb extends RouteTable, R, Top extends string> =
  IncludePaths<Tb, R, Levels<Tb['depth']>> extends infer P ? (P extends Top | `${Top}.${string}` ? P : never) : never;
