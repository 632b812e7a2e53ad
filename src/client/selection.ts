import type { KeyCaseName, WireKey } from './keyCase';
import type { ResourceOf } from './includePaths';
import type { RouteTable } from './routeTable';
import type { FieldsOf, IncludeOf } from './transformerTypes';
import type { Flat, Wire } from './wire';

/** A segment's name, its modifiers cut (`comments` of `comments:limit(2)`). */
type NameOf<S> = S extends `${infer N}:${string}` ? N : S;
/** A segment's modifiers (`limit(2):count`). */
type ModifiersOf<S> = S extends `${string}:${infer M}` ? M : '';
/** The aggregates among modifiers: `['count']`, `['avg', 'rating']`... */
type AggregatesOf<M> = M extends `${infer A}:${infer B}` ? OneAggregate<A> | AggregatesOf<B> : OneAggregate<M>;
type OneAggregate<A> = A extends 'count' | 'exists' ? [A] : A extends `${infer F extends 'sum' | 'avg' | 'min' | 'max'}(${infer Column})` ? [F, Column] : never;

/** The relations a level includes: every path's first name, but a path of one segment that only aggregates (`comments:count`). */
type Included<I> = I extends `${infer Head}.${string}` ? NameOf<Head> : [AggregatesOf<ModifiersOf<I>>] extends [never] ? NameOf<I> : never;
/** The paths below relation `N` (`author` of `comments.author` for `comments`). */
type Below<I, N> = I extends `${infer Head}.${infer Rest}` ? (NameOf<Head> extends N ? Rest : never) : never;
/** The aggregates asked at this level: `[name, ['count']]`... */
type LevelAggregates<I> = I extends `${string}.${string}`
  ? never
  : AggregatesOf<ModifiersOf<I>> extends infer A
    ? A extends unknown[]
      ? [NameOf<I>, A]
      : never
    : never;

/** The field an aggregate is sent as, and its value. */
type AggregateField<T, A, C extends KeyCaseName> = A extends [infer N extends string, infer Agg]
  ? Agg extends ['count']
    ? { [K in WireKey<`${N}_count`, C>]: number }
    : Agg extends ['exists']
      ? { [K in WireKey<`${N}_exists`, C>]: boolean }
      : Agg extends [infer F extends string, infer Column extends string]
        ? { [K in WireKey<`${N}_${F}_${Column}`, C>]: F extends 'sum' | 'avg' ? number | null : ColumnValue<T, N, Column, C> | null }
        : never
  : never;

/** The value of a related column as the related resource sends it (`min()`/`max()` of a date is a date's text). */
type ColumnValue<T, N extends string, Column extends string, C extends KeyCaseName> =
  IncludeOf<T, N> extends { transformer: infer Child }
    ? WireKey<Column, C> extends infer K extends keyof Wire<FieldsOf<Child>, C>
      ? Wire<FieldsOf<Child>, C>[K]
      : string | number
    : string | number;

/** Merges a union of single-key objects into one object. */
type Merge<U> = (U extends unknown ? (u: U) => void : never) extends (u: infer I) => void ? Flat<I> : never;

/** The fields a transformer's `visible` and `hidden` leave: only the visible ones when it has any, never the hidden ones. */
type Shown<A, E> = E extends { hidden: infer H; visible: infer V }
  ? [V] extends [never]
    ? [H] extends [never]
      ? A
      : Omit<A, H & PropertyKey>
    : Pick<A, Extract<keyof A, V>>
  : A;

/** The fields of a resource as sent: those a policy may hide optional, the id as JSON:API sends it in that envelope. */
type Attributes<Tb extends RouteTable, R, T> =
  Shown<Wire<FieldsOf<T>, Tb['keys']>, ResourceOf<Tb, R>> extends infer A
    ? ResourceOf<Tb, R> extends { optional: infer O extends string }
      ? Tb['envelope'] extends 'json-api'
        ? Flat<{ id: string; type: R; links?: { self?: string } } & Omit<A, 'id' | 'link' | O> & Partial<Pick<A, Extract<keyof A, O>>>>
        : Flat<Omit<A, O> & Partial<Pick<A, Extract<keyof A, O>>>>
      : A
    : never;

/** The fields a sparse fieldset keeps (`fields: { books: ['title'] }`): those named, the id, and a JSON:API resource's type and links. */
type Narrowed<A, R, F> = R extends keyof F ? (F[R] extends readonly (infer Name)[] ? Pick<A, Extract<keyof A, Name | 'id' | 'type' | 'links'>> : A) : A;

/** The relations a sparse fieldset keeps: all without one for `R`, else those it names (`fields: { books: ['title', 'author'] }`). */
type Kept<N, R, F> = R extends keyof F ? (F[R] extends readonly (infer Name)[] ? Extract<N, Name> : N) : N;

/**
 * An included relation's value: an item (wrapped in `data` by the data-array envelope), null too
 * unless the table says it is always there (`Present`), or a collection `{ data, meta? }`.
 */
type IncludeValue<Tb extends RouteTable, Rel, I, F, Present extends boolean> = Rel extends null
  ? null
  : Rel extends { many: true; transformer: infer T; type: infer R }
    ? { data: Resource<Tb, R, T, I, F>[]; meta?: { limit: number; offset: number; more: true } }
    : Rel extends { transformer: infer T; type: infer R }
      ? (Tb['envelope'] extends 'data-array' ? { data: Resource<Tb, R, T, I, F> } : Resource<Tb, R, T, I, F>) | (Present extends true ? never : null)
      : never;

/** The includes resource type `R` is sent with unasked (`defaultIncludes`). */
type DefaultsOf<Tb extends RouteTable, R> = ResourceOf<Tb, R> extends { defaults: infer D } ? D : never;

/** True when the to-one include `N` of resource type `R` is never null. */
type IsPresent<Tb extends RouteTable, R, N> = ResourceOf<Tb, R> extends { present: infer P } ? (N extends P ? true : false) : false;

/**
 * One resource of type `R` (transformer `T`) as a request selects it: its fields (narrowed by
 * `fields` F), each relation `include` (paths I) names, with what they include in turn, and the
 * aggregates asked for. Computed only where a call uses it.
 */
export type Resource<Tb extends RouteTable, R, T, I, F> = Flat<
  Narrowed<Attributes<Tb, R, T>, R, F> & {
    [N in Kept<Included<I> | DefaultsOf<Tb, R>, R, F> & string as WireKey<N, Tb['keys']>]: IncludeValue<
      Tb,
      IncludeOf<T, N>,
      Below<I, N>,
      F,
      IsPresent<Tb, R, N>
    >;
  } & ([LevelAggregates<I>] extends [never] ? unknown : Merge<AggregateField<T, LevelAggregates<I>, Tb['keys']>>)
>;

/** The resource type `R` of the table as a request selects it (include paths `I`, fieldsets `F`). */
export type Selected<Tb extends RouteTable, R, I, F> = Resource<Tb, R, ResourceOf<Tb, R>['transformer'], I, F>;
