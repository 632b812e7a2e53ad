import type { KeyCaseName } from './keyCase';

/** The envelopes of the server's serializers (`serializer` of the config). */
export type EnvelopeName = 'array' | 'data-array' | 'json-api';

/** What a route answers: one resource, a list, a numbered page, a cursor page, or a body of its own. */
export type ResultKind = 'item' | 'collection' | 'page' | 'cursor' | 'body';

/**
 * One resource type of the app, by the name it is sent under (`books`): its transformer, the
 * include names it allows, the fields it may leave out (`x-optional`: a policy may hide them), and
 * the columns each include may be aggregated over (`sum()`, `avg()`, `min()`, `max()`).
 */
export interface ResourceEntry {
  transformer: unknown;
  includes: string;
  optional: string;
  aggregates: Record<string, string>;
  /** The to-one includes never null (a required foreign key, no policy on the related model); any other may be. */
  present: string;
  /** The includes the server sends unasked (`defaultIncludes`). */
  defaults: string;
  /** The transformer's `hidden` fields, never sent, and its `visible` ones, the only ones sent (never: no such list). */
  hidden: string;
  visible: string;
}

/** A filter's value types: per field, per operator. `in`/`nin` take a list, `between` two values, `null` a boolean. */
export type FilterEntry = Record<string, Record<string, unknown>>;

/**
 * One route of the app (`'GET /v1/books/{id}'`): the resource type it sends (`never` for a body of
 * its own), its result kind, its path parameters, and what it reads: sort keys, filter fields with
 * their operators and value types, the request body.
 */
export interface RouteEntry {
  type: string;
  result: ResultKind;
  params: string;
  /** The include names the route narrows its first level to (`@AvailableIncludes`); never: all of its transformer's. */
  includes: string;
  sort: string;
  filter: FilterEntry;
  body: unknown;
  /** The answer's own type, for a route that sends a body of its own (`result: 'body'`). */
  answer: unknown;
}

/**
 * The route table `rc-api client --out` writes for an app: its envelope, its key conversion, the
 * include depth cap, its resource types and its routes. Names and type imports only: every result
 * type is computed where a call uses it.
 *
 * @example
 * // src/client.gen.ts (generated)
 * export interface Routes {
 *   envelope: 'array'; keys: 'snake'; depth: 3;
 *   resources: { books: { transformer: BookTransformer; includes: 'author' | 'comments'; optional: never; aggregates: { comments: 'rating' } } };
 *   routes: { 'GET /v1/books/{id}': { type: 'books'; result: 'item'; params: 'id'; sort: never; filter: {}; body: never; answer: never } };
 * }
 */
export interface RouteTable {
  envelope: EnvelopeName;
  keys: KeyCaseName;
  depth: number;
  resources: Record<string, ResourceEntry>;
  routes: Record<string, RouteEntry>;
}

/** What a route entry is unless the table says otherwise: no parameters, no narrowing, no sort, no filter, no body. */
interface RouteDefaults {
  params: never;
  includes: never;
  sort: never;
  filter: Record<never, never>;
  body: never;
  answer: unknown;
}

/**
 * A route entry written as what differs from the defaults (the generated table's shorthand):
 * `TableRoute<'books', 'item', { params: 'id' }>`.
 */
export type TableRoute<Type extends string, Result extends ResultKind, Rest extends Partial<RouteEntry> = Record<never, never>> = {
  type: Type;
  result: Result;
} & Omit<RouteDefaults, keyof Rest> &
  Rest;

/** What a resource entry is unless the table says otherwise. */
interface ResourceDefaults {
  optional: never;
  aggregates: Record<never, never>;
  present: never;
  defaults: never;
  hidden: never;
  visible: never;
}

/**
 * A resource entry written as what differs from the defaults (no optional field, no aggregate,
 * every to-one include nullable, no default include, no `hidden` or `visible` field):
 * `TableResource<BookTransformer, 'author' | 'comments', { optional: 'cost'; present: 'author' }>`.
 */
export type TableResource<Transformer, Includes extends string = never, Rest extends Partial<ResourceEntry> = Record<never, never>> = {
  transformer: Transformer;
  includes: Includes;
} & Omit<ResourceDefaults, keyof Rest> &
  Rest;

/** The methods a client calls a route with. */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The paths of `Tb`'s routes answering `M` (`'/v1/books/{id}'` of `'GET /v1/books/{id}'`). */
export type PathsOf<Tb extends RouteTable, M extends Method> = keyof Tb['routes'] extends infer K ? (K extends `${M} ${infer P}` ? P : never) : never;

/** The route entry of `M path`. */
export type RouteOf<Tb extends RouteTable, M extends Method, P extends string> = Tb['routes'][`${M} ${P}`];
