import { fieldKey } from '../text/fieldKey';
import type { SerializerName } from '../config/ApiConfig';
import { IncludeShape, includeShapes } from '../transformer/includeShapes';
import { Transformer } from '../transformer/Transformer';
import { AccessView, madeFromHidden, unusableIncludes } from '../transformer/AccessView';
import { JsonSchema, nullable, ref } from './schemaTypes';

const NO_NAMES: ReadonlySet<string> = new Set<string>();

/** The component name of a transformer's resources: `BookTransformer` is `Book`. */
export function componentName(transformer: Transformer): string {
  return transformer.constructor.name.replace(/Transformer$/, '') || 'Resource';
}

/**
 * Component schemas of transformers' resources in the configured serializer, every transformer
 * reachable through includes once (references break the cycles: books include authors include books).
 */
export class ResourceSchemas {
  readonly components: Record<string, JsonSchema> = {};
  private readonly seen = new Map<object, string>();

  constructor(
    private readonly serializer: SerializerName,
    private readonly key: (name: string) => string,
    /** A principal's view (a per-role document): what it may not use is left out. */
    private readonly access?: AccessView,
  ) {}

  /** The includes of `transformer` the document shows: all, or those the principal may use. */
  private shapesOf(transformer: Transformer): IncludeShape[] {
    const unusable = unusableIncludes(this.access, transformer);
    return includeShapes(transformer).filter((shape) => !unusable.has(shape.name));
  }

  /** The attributes of `transformer`'s model the principal may not read (none without a view). */
  private hiddenOf(transformer: Transformer | undefined): ReadonlySet<string> {
    const model = transformer && this.access?.modelOf(transformer);
    return model ? this.access!.hidden(model) : NO_NAMES;
  }

  /** The schema of one resource of `transformer` (a reference once registered). */
  resource(transformer: Transformer | undefined, type: string): JsonSchema {
    if (!transformer) return this.serializer === 'json-api' ? this.openResourceObject(type) : { type: 'object' };
    const name = this.register(transformer, type);
    return ref(name);
  }

  /** Every resource object type a JSON:API document of this transformer may hold in `included`. */
  includedTypes(transformer: Transformer | undefined): JsonSchema[] {
    const found = new Map<string, JsonSchema>();
    const walk = (current: Transformer) => {
      for (const shape of this.shapesOf(current)) {
        const name = shape.transformer ? this.register(shape.transformer, shape.type) : `open:${shape.type}`;
        if (found.has(name)) continue;
        found.set(name, shape.transformer ? ref(name) : this.openResourceObject(shape.type));
        if (shape.transformer) walk(shape.transformer);
      }
    };
    if (transformer) walk(transformer);
    return [...found.values()];
  }

  private register(transformer: Transformer, type: string): string {
    const known = this.seen.get(transformer.constructor);
    if (known) return known;
    const name = componentName(transformer);
    this.seen.set(transformer.constructor, name);
    this.components[name] = this.serializer === 'json-api' ? this.resourceObject(transformer, type) : this.plainResource(transformer);
    return name;
  }

  /**
   * The declared fields, keys converted, each required unless the transformer marks it optional
   * (`'x-optional': true`): a typed client reads `book.title` as a string. A sparse fieldset
   * (`fields[type]`, accepted for every type a response holds) is the one documented exception: the
   * client that names fields gets only those and the id, as the parameter and each field say.
   */
  private fields(transformer: Transformer, skip: readonly string[] = []): { properties: Record<string, JsonSchema>; required: string[] } | null {
    if (!transformer.schema) return null;
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    const hidden = this.hiddenOf(transformer);
    for (const [field, schema] of Object.entries(transformer.schema)) {
      if (skip.includes(field) || madeFromHidden(field, transformer, hidden)) continue;
      const { 'x-optional': optional, ...rest } = schema;
      properties[this.key(field)] = field === 'id' || optional ? rest : { ...rest, description: SPARSE };
      if (!optional) required.push(this.key(field));
    }
    return { properties, required };
  }

  /** The array serializers: the fields, and each include as an optional member. */
  private plainResource(transformer: Transformer): JsonSchema {
    const fields = this.fields(transformer);
    const includes: Record<string, JsonSchema> = {};
    for (const shape of this.shapesOf(transformer)) {
      includes[this.key(shape.name)] = this.includedMember(shape);
      Object.assign(includes, this.aggregateMembers(transformer, shape));
    }
    if (!fields) return { type: 'object', properties: includes };
    return { type: 'object', properties: { ...fields.properties, ...includes }, required: fields.required, additionalProperties: false };
  }

  /**
   * The fields an include's aggregates are sent as (`comments_count`, `comments_exists`, and
   * `comments_avg_rating`... for the columns the transformer's `aggregates` allows), each optional.
   */
  private aggregateMembers(transformer: Transformer, shape: IncludeShape): Record<string, JsonSchema> {
    const members: Record<string, JsonSchema> = {
      [this.key(`${shape.name}_count`)]: { type: 'integer', minimum: 0, description: `include=${shape.name}:count` },
      [this.key(`${shape.name}_exists`)]: { type: 'boolean', description: `include=${shape.name}:exists` },
    };
    const hidden = this.hiddenOf(shape.transformer);
    for (const column of transformer.aggregates[shape.name] ?? []) {
      if (madeFromHidden(column, undefined, hidden)) continue;
      const schema = shape.transformer?.schema ?? undefined;
      // Declared under the field's own spelling (`publishedAt` for the column `published_at`).
      const declared = schema ? Object.entries(schema).find(([field]) => fieldKey(field) === fieldKey(column))?.[1] : undefined;
      const { 'x-optional': _optional, ...columnSchema } = (declared ?? {}) as Record<string, unknown>;
      // sum() and avg() add numbers: of a column declared as anything else they are refused (400), so not offered.
      const adds = declared === undefined || isNumeric(columnSchema);
      for (const fn of adds ? ['sum', 'avg', 'min', 'max'] : ['min', 'max']) {
        const value = fn === 'sum' || fn === 'avg' ? { type: 'number' } : columnSchema;
        members[this.key(`${shape.name}_${fn}_${column}`)] = { anyOf: [value, { type: 'null' }], description: `include=${shape.name}:${fn}(${column})` };
      }
    }
    return members;
  }

  /** An include inside an array-serializer resource: an item (or null), or `{ data: [...] }`. */
  private includedMember(shape: IncludeShape): JsonSchema {
    const wrap = this.serializer === 'data-array';
    if (shape.kind === 'unknown') return {};
    const item = this.resource(shape.transformer, shape.type);
    if (shape.kind === 'collection') return dataOf({ type: 'array', items: item }, this.key);
    return nullable(wrap ? dataOf(item, this.key) : item);
  }

  /** A JSON:API resource object: type, id, attributes (the fields but id and the self link), relationships, links. */
  private resourceObject(transformer: Transformer, type: string): JsonSchema {
    const fields = this.fields(transformer, ['id', 'link']);
    const relationships: Record<string, JsonSchema> = {};
    for (const shape of this.shapesOf(transformer)) {
      const identifier = shape.kind === 'unknown' ? identifierSchema() : identifierSchema(shape.type);
      const data = shape.kind === 'collection' ? { type: 'array', items: identifier } : nullable(identifier);
      // Data when the relation is included; meta alone when only its aggregates are (include=comments:count).
      relationships[this.key(shape.name)] = {
        type: 'object',
        properties: { data: shape.kind === 'unknown' ? {} : data, meta: { type: 'object' } },
        minProperties: 1,
      };
    }
    const attributes = fields ? { type: 'object', ...fields, additionalProperties: false } : { type: 'object' };
    const properties: Record<string, JsonSchema> = {
      type: { const: type },
      id: { type: 'string' },
      attributes,
      relationships: { type: 'object', properties: relationships, additionalProperties: false },
      links: { type: 'object', properties: { self: { type: 'string', format: 'uri' } } },
    };
    return { type: 'object', properties, required: ['type', 'id', 'attributes'], additionalProperties: false };
  }

  private openResourceObject(type: string): JsonSchema {
    return { type: 'object', properties: { type: { const: type }, id: { type: 'string' } }, required: ['type', 'id'] };
  }
}

const SPARSE = 'Always sent, unless the request names fields of this type (fields[<type>]) and not this one.';

function identifierSchema(type?: string): JsonSchema {
  return { type: 'object', properties: { type: type ? { const: type } : { type: 'string' }, id: { type: 'string' } }, required: ['type', 'id'] };
}

/** `{ data: value }`, the key converted. */
export function dataOf(value: JsonSchema, key: (name: string) => string): JsonSchema {
  return { type: 'object', properties: { [key('data')]: value }, required: [key('data')] };
}

/** True when a declared field's schema is a number (or an integer), alone or with null. */
function isNumeric(schema: Record<string, unknown>): boolean {
  const types = Array.isArray(schema.type) ? (schema.type as unknown[]) : [schema.type];
  return types.some((type) => type === 'number' || type === 'integer');
}
