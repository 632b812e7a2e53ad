/**
 * The typed client of an app built with routing-controllers-api (`routing-controllers-api/client`):
 * fetch-based, no Node-only dependency, typed by the route table `rc-api client --out` writes.
 */
export { createClient } from './createClient';
export type { Client, ClientOptions, RouteKinds } from './createClient';
export { queryString } from './clientQuery';
export { nestDocument } from './jsonApiDocument';
export type { CallOptions, CallResult, ErrorBody, ErrorStatus, Failure, FieldsOption, FilterOption, SortOption, Success } from './callTypes';
export type { IncludeOption, IncludePaths } from './includePaths';
export type { KeyCaseName, WireKey } from './keyCase';
export type {
  EnvelopeName,
  FilterEntry,
  Method,
  PathsOf,
  ResourceEntry,
  ResultKind,
  RouteEntry,
  RouteOf,
  RouteTable,
  TableResource,
  TableRoute,
} from './routeTable';
export type { Resource, Selected } from './selection';
export type { DeclaredIncludes, FieldsOf, IncludeOf, TransformerOutput } from './transformerTypes';
export type { Flat, Wire, WireObject } from './wire';
