import { getMetadataArgsStorage } from 'routing-controllers';
import { applyOpenAPIDecorator, type IRoute } from 'routing-controllers-openapi';
import { appRoutes, openApiPath } from '../openapi/appRoutes';
import type { Association } from 'sequelize';
import type { AppState } from '../context/RequestContext';
import { transformerModel } from '../context/transformerModel';
import { ActionApiMetadata, instantiate, readActionMetadata } from '../metadata/actionMetadata';
import type { FilterField, FilterValueType } from '../metadata/filterTypes';
import { filterFields } from '../model/filterFields';
import { JSON_API_ONLY, SUCCESS_MESSAGE } from '../openapi/operationSpec';
import { converter } from '../response/convertBody';
import { fieldKey } from '../text/fieldKey';
import { includeShapes } from '../transformer/includeShapes';
import { Transformer } from '../transformer/Transformer';

/** One resource type as the route table names it (see `ResourceEntry` of the client). */
export interface ResourceRow {
  type: string;
  transformer: Transformer;
  includes: string[];
  optional: string[];
  aggregates: Record<string, string[]>;
  /** The to-one includes never null: a required foreign key to a model no policy narrows. */
  present: string[];
  /** The includes sent unasked (`defaultIncludes`). */
  defaults: string[];
  /** The transformer's `hidden` fields (never sent) and `visible` ones (only those sent), as sent. */
  hidden: string[];
  visible: string[];
}

/** One route as the route table names it (see `RouteEntry` of the client). */
export interface RouteRow {
  key: string;
  type: string | null;
  result: 'item' | 'collection' | 'page' | 'cursor' | 'body';
  params: string[];
  includes: string[] | null;
  sort: string[];
  filter: Array<[string, Array<[string, string]>]>;
  body: unknown;
}

/** The rows of an app's route table: its routes in the order they are declared, and every resource type they reach. */
export function routeTableEntries(state: AppState): { routes: RouteRow[]; resources: Map<string, ResourceRow> } {
  const { config } = state;
  const convert = converter(config.convert.key, null);
  const key = (name: string) => convert.key(name);
  const resources = new Map<string, ResourceRow>();
  const visit = (transformer: Transformer, type: string) => {
    if (resources.has(type)) return;
    const shapes = includeShapes(transformer);
    const optional = Object.entries(transformer.schema ?? {})
      .filter(([, schema]) => schema['x-optional'] === true)
      .map(([field]) => key(field));
    const aggregates = Object.fromEntries(Object.entries(transformer.aggregates).map(([name, columns]) => [name, [...columns]]));
    const present = shapes.filter((shape) => shape.kind === 'item' && neverNull(state, transformer, shape.relation)).map((shape) => shape.name);
    resources.set(type, {
      type,
      transformer,
      includes: [...transformer.availableIncludes],
      optional,
      aggregates,
      present,
      defaults: [...transformer.defaultIncludes],
      hidden: transformer.hidden.map(key),
      visible: transformer.visible.map(key),
    });
    for (const shape of shapes) if (shape.transformer) visit(shape.transformer, shape.type);
  };
  const routes: RouteRow[] = [];
  for (const route of appRoutes(state.controllers)) {
    // What the action's @OpenAPI() says of it: JSON:API only, or answering a success message.
    const spec = applyOpenAPIDecorator({ responses: {} }, route) as unknown as Record<string, unknown>;
    if (spec[JSON_API_ONLY] === true && config.serializer !== 'json-api') continue;
    const metadata = readActionMetadata(route.action.target, route.action.method);
    const source = metadata.transformer && instantiate(metadata.transformer.transformer);
    const transformer = source instanceof Transformer ? (source as Transformer) : undefined;
    const type = transformer ? (metadata.transformer?.resourceKey ?? 'resources') : null;
    if (transformer && type) visit(transformer, type);
    const path = openApiPath(route);
    const params = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
    const answersMessage = spec[SUCCESS_MESSAGE] === true || metadata.relationship !== undefined;
    const result = resultKind(route.action.type.toUpperCase(), params, metadata, !type || answersMessage);
    const narrow = metadata.includes;
    const includes = transformer && narrow ? transformer.availableIncludes.filter((name) => narrow.some((n) => fieldKey(n) === fieldKey(name))) : null;
    const fields = metadata.filterable ? filterFields(metadata.filterable, transformer) : new Map<string, FilterField>();
    routes.push({
      key: `${route.action.type.toUpperCase()} ${path}`,
      type: result === 'body' ? null : type,
      result,
      params,
      includes,
      sort: [...(metadata.sortable ?? [])],
      filter: [...fields.values()].map((field) => [field.name, operatorTypes(field)]),
      body: bodyClass(route),
    });
  }
  return { routes, resources };
}

/**
 * True when the relation `relation` of the transformer's model always has its row for every caller:
 * a belongs-to whose foreign key may not be null, to a model no policy narrows (a policy may hide the
 * related row, which is then sent as null).
 */
function neverNull(state: AppState, transformer: Transformer, relation: string | undefined): boolean {
  const model = relation ? transformerModel(state, transformer) : undefined;
  const association = model?.associations[relation!] as (Association & { foreignKey?: string }) | undefined;
  if (!association || association.associationType !== 'BelongsTo' || state.policies?.has(association.target)) return false;
  const key = model!.getAttributes()[association.foreignKey] as { allowNull?: boolean } | undefined;
  return key?.allowNull === false;
}

/** What a route answers: a body of its own, a page, a cursor page; else a list for a GET of a collection's own path, one resource for a write or a path that names one. */
function resultKind(method: string, params: readonly string[], metadata: ActionApiMetadata, ownBody: boolean): RouteRow['result'] {
  if (ownBody) return 'body';
  if (metadata.paginated) return metadata.paginated.cursor ? 'cursor' : 'page';
  return method === 'GET' && params.length === 0 && !metadata.created ? 'collection' : 'item';
}

/** A filter field's operators and the TypeScript type of each one's value. */
function operatorTypes(field: FilterField): Array<[string, string]> {
  if (field.search) return [['search', 'string']];
  const value = VALUE_TYPES[field.type];
  return [...field.operators].map((operator) => {
    if (operator === 'in' || operator === 'nin') return [operator, `readonly ${value.includes('|') ? `(${value})` : value}[]`];
    if (operator === 'between') return [operator, `readonly [${value}, ${value}]`];
    if (operator === 'null') return [operator, 'boolean'];
    return [operator, value];
  });
}

const VALUE_TYPES: Record<FilterValueType, string> = {
  integer: 'number',
  number: 'number',
  boolean: 'boolean',
  date: 'string | Date',
  dateonly: 'string',
  string: 'string',
};

/** The class of the action's `@Body()`, if it has one. */
function bodyClass(route: IRoute): unknown {
  const param = getMetadataArgsStorage().params.find(
    (candidate) => (candidate.object as object).constructor === route.action.target && candidate.method === route.action.method && candidate.type === 'body',
  );
  if (!param) return undefined;
  if (param.explicitType) return param.explicitType;
  const types = Reflect.getMetadata('design:paramtypes', route.action.target.prototype as object, route.action.method) as unknown[] | undefined;
  const type = types?.[param.index];
  return type === Object ? undefined : type;
}
