import type { Model, ModelStatic } from 'sequelize';
import { ApiError } from '../errors/ApiError';
import { fieldKey } from '../text/fieldKey';
import { fieldAttribute } from './fieldAttribute';
import { COLUMN_TYPES, columnType } from './columnType';
import { FilterableMetadata, FilterField, FilterOperator, FilterValueType, RelationStep, TEXT_OPERATORS } from '../metadata/filterTypes';

type AnyModel = ModelStatic<Model>;

const cache = new WeakMap<FilterableMetadata, ReadonlyMap<string, FilterField>>();

/**
 * The fields of a `@Filterable` declaration resolved against its model, once per declaration: each
 * request name to the attribute it compares (through the transformer's `columns` where a field is
 * read from one attribute, else the attribute or column of that name) and the relation path to it
 * (`author.name`: the `author` association, then `name` on Author). A name that maps to nothing,
 * or a text operator on a field that is not text, is the action's mistake (500, RCA_FILTER_UNMAPPED).
 *
 * @example
 * filterFields({ model: () => Book, fields: { 'author.name': ['eq'] } }, transformer).get('author.name')!.steps[0].target; // Author
 */
export function filterFields(metadata: FilterableMetadata, transformer: unknown): ReadonlyMap<string, FilterField> {
  let fields = cache.get(metadata);
  if (!fields) {
    const model = metadata.model();
    fields = new Map(Object.entries(metadata.fields).map(([name, declaration]) => [name, resolveField(model, name, declaration, transformer)]));
    cache.set(metadata, fields);
  }
  return fields;
}

function resolveField(model: AnyModel, name: string, declaration: FilterableMetadata['fields'][string], transformer: unknown): FilterField {
  const unmapped = (reason: string) => new ApiError('RCA_FILTER_UNMAPPED', { field: name, model: model.name, reason });
  if ('search' in declaration) {
    const search = declaration.search.map((field) => fieldAttribute(model, field, transformer) ?? failWith(unmapped(`"${field}" is not an attribute`)));
    return Object.freeze({
      name,
      operators: new Set<FilterOperator>(),
      steps: [],
      model,
      attribute: search[0],
      type: 'string',
      search,
      ftsTable: declaration.ftsTable,
    });
  }
  const segments = name.split('.');
  const steps: RelationStep[] = [];
  let current = model;
  for (const segment of segments.slice(0, -1)) {
    const association = Object.values(current.associations ?? {}).find((candidate) => fieldKey(candidate.as) === fieldKey(segment));
    if (!association) throw unmapped(`"${segment}" is not an association of ${current.name}`);
    steps.push({ association, target: association.target });
    current = association.target;
  }
  // A field of the listed model may be renamed by its transformer; one of a related model is named as its attribute.
  const attribute = fieldAttribute(current, segments.at(-1)!, steps.length === 0 ? transformer : undefined);
  if (!attribute) throw unmapped(`"${segments.at(-1)}" is not an attribute of ${current.name}`);
  const type: FilterValueType | undefined = columnType(current.getAttributes()[attribute]);
  if (!type) throw unmapped(`its column type is not one a filter reads (${Object.keys(COLUMN_TYPES).join(', ')})`);
  const operators = new Set(declaration);
  if (type !== 'string' && [...operators].some((operator) => TEXT_OPERATORS.has(operator))) throw unmapped('contains, starts and ends compare text only');
  return Object.freeze({ name, operators, steps, model: current, attribute, type });
}

function failWith(error: Error): never {
  throw error;
}
