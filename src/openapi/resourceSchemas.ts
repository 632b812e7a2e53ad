import type { SerializerName } from '../config/ApiConfig';
import { IncludeShape, includeShapes } from '../transformer/includeShapes';
import { Transformer } from '../transformer/Transformer';
import { AccessView, madeFromHidden, unusableIncludes } from '../transformer/AccessView';
import { JsonSchema, nullable, ref } from './schemaTypes';
import { aggregateColumns, aggregateMembers, cutMetaSchema, relationshipMeta } from './aggregateSchemas';

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
    this.components[name] = this.serializer === 'json-api' ? this.resourceObject(transformer, type) : this.plainResource(transformer, type);
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
  private plainResource(transformer: Transformer, type: string): JsonSchema {
    const fields = this.fields(transformer);
    const includes: Record<string, JsonSchema> = {};
    for (const shape of this.shapesOf(transformer)) {
      includes[this.key(shape.name)] = this.includedMember(shape);
      Object.assign(includes, aggregateMembers(shape.name, this.aggregatesOf(transformer, shape), this.key));
    }
    if (!fields) return { type: 'object', properties: includes };
    const sparse = sparseFieldset(type, fields.required.includes(this.key('id')) ? [this.key('id')] : []);
    return { type: 'object', properties: { ...fields.properties, ...includes }, required: fields.required, additionalProperties: false, ...sparse };
  }

  /** What `transformer` offers over its include `shape`: each aggregate function with its columns and their values' schemas. */
  private aggregatesOf(transformer: Transformer, shape: IncludeShape) {
    return aggregateColumns(transformer, shape.name, shape.transformer, this.hiddenOf(shape.transformer));
  }

  /** An include inside an array-serializer resource: an item (or null), or `{ data: [...] }`. */
  private includedMember(shape: IncludeShape): JsonSchema {
    const wrap = this.serializer === 'data-array';
    if (shape.kind === 'unknown') return {};
    const item = this.resource(shape.transformer, shape.type);
    if (shape.kind === 'collection') {
      const collection = dataOf({ type: 'array', items: item }, this.key);
      return { ...collection, properties: { ...(collection.properties as object), [this.key('meta')]: cutMetaSchema(this.key) } };
    }
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
        properties: { data: shape.kind === 'unknown' ? {} : data, meta: relationshipMeta(shape.name, this.aggregatesOf(transformer, shape), this.key) },
        minProperties: 1,
      };
    }
    const attributes = fields ? { type: 'object', ...fields, additionalProperties: false, ...sparseFieldset(type, []) } : { type: 'object' };
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

/**
 * The sparse fieldset exception, machine-readable: when a request has the query parameter
 * `parameter`, only the members of `required` are still sent among this object's required ones
 * (the others only when the parameter names them). A validator applies it by replacing `required`
 * (README, "OpenAPI document and reference page").
 */
export const SPARSE_FIELDSET = 'x-sparse-fieldset';

function sparseFieldset(type: string, required: string[]): JsonSchema {
  return { [SPARSE_FIELDSET]: { parameter: `fields[${type}]`, required } };
}

function identifierSchema(type?: string): JsonSchema {
  return { type: 'object', properties: { type: type ? { const: type } : { type: 'string' }, id: { type: 'string' } }, required: ['type', 'id'] };
}

/** `{ data: value }`, the key converted. */
export function dataOf(value: JsonSchema, key: (name: string) => string): JsonSchema {
  return { type: 'object', properties: { [key('data')]: value }, required: [key('data')] };
}
