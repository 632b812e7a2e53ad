import type { ApiConfig } from '../config/ApiConfig';
import type { ActionApiMetadata } from '../metadata/actionMetadata';
import { pageParameters } from '../query/pageParameters';
import { CALLBACK } from '../query/parseCallback';
import { SORT_PARAMETER, sortableWithout } from '../query/parseSort';
import { Transformer } from '../transformer/Transformer';
import { AccessView, unusableIncludes, usableFieldNames } from '../transformer/AccessView';
import { DEFAULT_RESOURCE_TYPE } from '../transformer/Transformed';
import { filterParameter } from './filterParameter';
import { excludePathSchema, includePathSchema } from './includeParameter';
import type { JsonSchema } from './schemaTypes';

type Parameter = Record<string, unknown>;

/** A comma-separated list in the query (`a,b`). */
const list = (items: JsonSchema): JsonSchema => ({ type: 'array', items });

/** A query parameter, with an example a client (or a fuzzer, which tries examples first) can send as it is. */
function query(name: string, description: string, schema: JsonSchema, example = exampleOf(schema)): Parameter {
  const form = schema.type === 'array' ? { style: 'form', explode: false } : {};
  return { name, in: 'query', required: false, description, schema, ...form, ...(example === undefined ? {} : { example }) };
}

/** A value the schema allows: its default, its first listed value, or its smallest integer. */
function exampleOf(schema: JsonSchema): unknown {
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (Array.isArray(schema.anyOf)) return exampleOf(schema.anyOf[0] as JsonSchema);
  if (schema.type === 'array' && schema.items) {
    const item = exampleOf(schema.items as JsonSchema);
    return item === undefined ? undefined : [item];
  }
  if (schema.type === 'integer') return schema.minimum ?? 1;
  return undefined;
}

/**
 * The query parameters this library reads for an action: `include` (the names it allows, with the
 * modifier syntax), `exclude`, `fields[type]`, `sort` (`@Sortable`), the page family (`@Paginated`)
 * and the JSONP callback.
 */
export function actionParameters(
  config: ApiConfig,
  metadata: ActionApiMetadata,
  transformer: Transformer | undefined,
  method: string,
  key: (name: string) => string,
  access?: AccessView,
): Parameter[] {
  const parameters: Parameter[] = [];
  const reads = method === 'get';
  // A principal's document names only what it may use (`access`); without one, everything.
  const usable = (each: Transformer, names: readonly string[]) => {
    const unusable = unusableIncludes(access, each);
    return names.filter((name) => !unusable.has(name));
  };
  if (reads && transformer) {
    const narrow = metadata.includes;
    const names = usable(transformer, transformer.availableIncludes).filter((name) => !narrow || narrow.includes(name));
    if (names.length > 0) {
      parameters.push(
        query(
          config.include.key,
          `Relations to include: ${names.join(', ')}. Nest with dots (author.books); modifiers per segment: ` +
            `:limit(n|offset) (n at most ${config.include.maxLimit}), :sort(key|asc or desc), :filter(field|operator|value); a path may end in ` +
            `:count, :exists, :sum(column), :avg(column), :min(column) or :max(column); defaults limit(${config.include.params.limit.join('|')}), ` +
            `sort(${config.include.params.sort.join('|')}).`,
          {
            ...list({
              anyOf: [{ enum: names }, includePathSchema(transformer, names, config.include, (each) => usable(each, each.availableIncludes))],
            }),
            maxItems: config.include.maxPaths,
          },
        ),
      );
    }
    const all = usable(transformer, [...new Set([...transformer.availableIncludes, ...transformer.defaultIncludes])]);
    if (all.length > 0) {
      parameters.push(
        query(
          config.include.excludeKey,
          `Includes to leave out, default ones too: ${all.join(', ')}; dotted for nested ones.`,
          {
            ...list(excludePathSchema(transformer, all, config.include.maxDepth, usable)),
            maxItems: config.include.maxPaths,
          },
          [all[0]],
        ),
      );
    }
    const type = metadata.transformer?.resourceKey ?? DEFAULT_RESOURCE_TYPE;
    const fields = usableFieldNames(access, transformer, [...Object.keys(transformer.schema ?? {}), ...all]).map(key);
    parameters.push(
      query(
        `fields[${type}]`,
        `Only these fields of ${type} (the id always): the resources then hold only the named fields, required ones included; fields[<type>] works for every type in the response.`,
        list(fields.length > 0 ? { enum: fields } : { type: 'string' }),
      ),
    );
  }
  if (reads && metadata.filterable) parameters.push(filterParameter(metadata.filterable, transformer, config, access));
  const sortable = metadata.sortable && usableSortable(metadata, transformer, access);
  if (reads && sortable && sortable.length > 0) {
    const keys = sortable.flatMap((field) => [field, `-${field}`]);
    // Each field once, whatever its direction: `title,-title` is refused as `title,title` is.
    const once = sortable.map((field) => ({ not: { allOf: [{ contains: { const: field } }, { contains: { const: `-${field}` } }] } }));
    const sort = { ...list({ enum: keys }), minItems: 1, uniqueItems: true, allOf: once };
    parameters.push(query(SORT_PARAMETER, `Order by these fields, - for descending, each once: ${sortable.join(', ')}.`, sort));
  }
  if (metadata.paginated) {
    const names = pageParameters(config);
    const { perPage, maxPerPage, cursor } = metadata.paginated;
    if (cursor)
      parameters.push(
        query(names.cursor, 'The position to start from: a token of meta.cursor (next or previous); none for the start.', {
          type: 'string',
          pattern: '^[A-Za-z0-9_-]{1,1024}$',
        }),
      );
    else parameters.push(query(names.page, 'The page, from 1.', { type: 'integer', minimum: 1, maximum: 1_000_000_000, default: 1 }));
    parameters.push(query(names.size, `Items per page, at most ${maxPerPage}.`, { type: 'integer', minimum: 1, maximum: maxPerPage, default: perPage }));
  }
  return parameters;
}

/** `@Sortable`'s keys less those on an attribute the principal may not read (all of them without a view). */
function usableSortable(metadata: ActionApiMetadata, transformer: Transformer | undefined, access: AccessView | undefined): readonly string[] {
  const keys = metadata.sortable ?? [];
  if (!access) return keys;
  const model = metadata.filterable?.model() ?? (transformer && access.modelOf(transformer));
  return model ? sortableWithout(keys, model, transformer, access.hidden(model)) : keys;
}

/**
 * JSONP on a GET (`jsonp.enabled`): the callback parameter, and every response that has a body
 * also as `text/javascript` (a bad callback itself is answered as plain JSON).
 */
export function documentJsonp(config: ApiConfig, operation: { parameters?: unknown[]; responses: Record<string, Record<string, unknown>> }): void {
  operation.parameters = [
    ...(operation.parameters ?? []),
    query(
      config.jsonp.param,
      `JSONP: the body wrapped in a call of this function (text/javascript).`,
      { type: 'string', maxLength: config.jsonp.maxLength, pattern: CALLBACK.source },
      'handleResponse',
    ),
  ];
  for (const response of Object.values(operation.responses)) {
    const content = response.content as Record<string, unknown> | undefined;
    if (content) content['text/javascript'] = { schema: { type: 'string', description: '/**/ typeof cb === "function" && cb(<the JSON body>);' } };
  }
}

/** `If-Match` on a write of one item: the ETag of a plain GET of it (stale or gone: 412). */
export const IF_MATCH = Object.freeze({
  name: 'If-Match',
  in: 'header',
  required: false,
  description: 'The ETag of a plain GET of the item: the write applies only while it is current (else 412); * for any.',
  schema: { type: 'string' },
});

/** `If-Match` on a relationship write: the ETag of the linkage's GET. */
export const IF_MATCH_LINKAGE = Object.freeze({
  ...IF_MATCH,
  description: 'The ETag of a GET of the relationship: the write applies only while the linkage is unchanged (else 412); * for any.',
});

/** A path `id` is a positive integer wherever the router reads one as a number (a key is never 0 or negative). */
export function strictPathIds(operation: { parameters?: unknown[] }): void {
  for (const parameter of (operation.parameters ?? []) as Array<{ in?: string; name?: string; schema?: JsonSchema }>) {
    if (parameter.in === 'path' && parameter.name === 'id' && parameter.schema?.type === 'number') {
      parameter.schema = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER };
      // The first row of a table (the example's seeded ids start at 1).
      (parameter as { example?: number }).example = 1;
    }
  }
}
