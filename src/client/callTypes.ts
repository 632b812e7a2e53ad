import type { IncludeOption, ResourceOf } from './includePaths';
import type { KeyCaseName } from './keyCase';
import type { FilterEntry, RouteEntry, RouteTable } from './routeTable';
import type { Selected } from './selection';
import type { FieldsOf } from './transformerTypes';
import type { Wire, WireObject } from './wire';

/** A filter on one field: its value (equality, or the words of a search), or operators and their values. */
type FieldFilter<Ops> = ('eq' extends keyof Ops ? Ops['eq'] : never) | ('search' extends keyof Ops ? Ops['search'] : never) | { [O in keyof Ops]?: Ops[O] };

/** The conditions of a filter: each declared field (relation paths too) with its operators. */
type Conditions<FE extends FilterEntry> = { [F in keyof FE]?: FieldFilter<FE[F]> };

/**
 * The `filter` option of a route, typed by its `@Filterable` fields: `{ title: { contains: 'proof' } }`,
 * `{ 'author.name': 'Ada' }`, and OR groups `{ or: [{ title: 'A' }, { title: 'B' }] }`.
 */
export type FilterOption<FE extends FilterEntry> = Conditions<FE> & { or?: readonly Conditions<FE>[] };

/** A sort key of a route, ascending or descending (`'-title'`). */
export type SortOption<K extends string> = K | `-${K}`;

/** The field names of resource type `R` as sent, for a sparse fieldset. */
export type FieldNameOf<Tb extends RouteTable, R> = keyof Wire<FieldsOf<ResourceOf<Tb, R>['transformer']>, Tb['keys']> & string;

/** `fields`: per resource type, the fields and relations to send (the id always is; a relation not named is left out). */
export type FieldsOption<Tb extends RouteTable> = { [R in keyof Tb['resources']]?: readonly (FieldNameOf<Tb, R> | ResourceOf<Tb, R>['includes'])[] };

/** The path parameters of a route, required when it has any. */
type ParamsOption<P extends string> = [P] extends [never] ? { params?: undefined } : { params: { [K in P]: string | number } };

/** The body a route reads: its request class's fields; in json-api mode a resource document. */
export type BodyOf<Tb extends RouteTable, Rt extends RouteEntry> = Tb['envelope'] extends 'json-api'
  ? { data: { type: Rt['type']; id?: string; attributes?: Partial<Fields<Rt['body']>>; relationships?: Record<string, { data: unknown }> } }
  : Fields<Rt['body']>;

/** An instance type's data members (its methods left out). */
type Fields<B> = { [K in keyof B as B[K] extends (...args: never[]) => unknown ? never : K]: B[K] };

/** The options of a call to route `Rt`. */
export type CallOptions<Tb extends RouteTable, Rt extends RouteEntry> = ParamsOption<Rt['params']> & {
  include?: readonly IncludeOption<Tb, Rt['type'], Rt['includes']>[];
  fields?: FieldsOption<Tb>;
  filter?: FilterOption<Rt['filter']>;
  sort?: readonly SortOption<Rt['sort']>[];
  /** A numbered page (`page`, `page[number]` in json-api mode) and its size. */
  page?: number;
  perPage?: number;
  /** A cursor page's position: a token from `meta.cursor`. */
  cursor?: string;
  /** Other query parameters, sent as they are. */
  query?: Record<string, string>;
  headers?: Record<string, string>;
  /** The request body (writes). */
  body?: BodyOf<Tb, Rt>;
};

/** The include paths and fieldsets a call's options ask for. */
type PathsAsked<O> = O extends { include: readonly (infer P)[] } ? P : never;
type FieldsAsked<O> = O extends { fields: infer F } ? F : unknown;

/** The page meta of a route's result kind. */
type PageMeta<C extends KeyCaseName, K> = K extends 'page'
  ? {
      pagination: WireObject<
        { total: number; count: number; perPage: number; currentPage: number; totalPages: number; links: { previous?: string; next?: string } },
        C
      >;
    }
  : K extends 'cursor'
    ? { cursor: { current: string | null; previous: string | null; next: string | null } }
    : Record<string, unknown> | undefined;

/** What a successful call answers: the selected data (one, or a list), the page's meta, the status and headers. */
export interface Success<D, M> {
  ok: true;
  status: number;
  data: D;
  meta: M;
  headers: Headers;
}

/** The toolkit's error body: `{ error: { code, message } }`, in json-api mode `{ errors: [...] }`. */
export type ErrorBody<Tb extends RouteTable> = Tb['envelope'] extends 'json-api'
  ? {
      errors: {
        status: string;
        title: string;
        detail?: string;
        code?: string;
        source?: { pointer?: string; parameter?: string };
        meta?: Record<string, unknown>;
      }[];
    }
  : { error: { code: number; message: string | Record<string, string[]> } };

/** The statuses the toolkit answers an error with. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 405 | 406 | 409 | 412 | 413 | 415 | 422 | 429 | 500 | 503;

/** What a failed call answers: the status and the toolkit's error body. */
export interface Failure<Tb extends RouteTable> {
  ok: false;
  status: ErrorStatus;
  error: ErrorBody<Tb>;
  headers: Headers;
}

/** The data of a call: the resource(s) it selects, or a route's own body. */
type DataOf<Tb extends RouteTable, Rt extends RouteEntry, O> = Rt['result'] extends 'body'
  ? Rt['answer']
  : Selected<Tb, Rt['type'], PathsAsked<O>, FieldsAsked<O>> extends infer S
    ? Rt['result'] extends 'item'
      ? S
      : S[]
    : never;

/**
 * The result of calling route `Rt` with options `O`: a success whose data follows `include`,
 * `fields` and the aggregates asked, or a failure with the error body, told apart by `ok`.
 */
export type CallResult<Tb extends RouteTable, Rt extends RouteEntry, O> = Success<DataOf<Tb, Rt, O>, PageMeta<Tb['keys'], Rt['result']>> | Failure<Tb>;
