import type { KeyCaseName, WireKey } from './keyCase';

/**
 * A field a transformer may leave out: `when()`'s `MISSING`, or `undefined` (JSON leaves both out).
 * (`MISSING` is a symbol: JSON drops any.)
 */
type Absent = undefined | symbol;

/** The keys of `O` whose value may be absent (and are optional on the wire). */
type OptionalKeys<O> = { [K in keyof O]-?: Extract<O[K], Absent> extends never ? (undefined extends O[K] ? K : never) : K }[keyof O];

/**
 * What JSON makes of a value the server sends: a `Date` its ISO text, a lazy field (a function) its
 * value, an object its fields with the keys converted, fields that may be absent optional.
 *
 * @example
 * type Sent = Wire<{ publishedAt: Date | null; draft?: boolean }, 'snake'>; // { published_at: string | null; draft?: boolean }
 */
export type Wire<V, C extends KeyCaseName> = unknown extends V
  ? unknown
  : V extends Date
    ? string
    : V extends string | number | boolean | null
      ? V
      : V extends (...args: never[]) => infer R
        ? Wire<R, C>
        : V extends readonly (infer E)[]
          ? Wire<Exclude<E, Absent>, C>[]
          : V extends object
            ? WireObject<V, C>
            : never;

/** An object's fields on the wire: its keys converted, those that may be absent optional. */
export type WireObject<O, C extends KeyCaseName> = Flat<
  { [K in Exclude<keyof O, OptionalKeys<O>> as WireKey<K, C>]: Wire<O[K], C> } & {
    [K in OptionalKeys<O> as WireKey<K, C>]?: Wire<Exclude<O[K], Absent>, C>;
  }
>;

/** One object type of an intersection, for readable hovers and errors. */
export type Flat<T> = { [K in keyof T]: T[K] } & {};
