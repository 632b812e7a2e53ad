import { HiddenNames, usableFilterFields } from '../query/usableFilterFields';
import type { ApiConfig } from '../config/ApiConfig';
import { filterFields } from '../model/filterFields';
import type { FilterableMetadata, FilterField, FilterOperator, FilterValueType } from '../metadata/filterTypes';
import { CALENDAR_DATE_PATTERN, CALENDAR_DAY } from '../validation/calendarDate';
import type { JsonSchema } from './schemaTypes';

const SCALARS: Record<FilterValueType, JsonSchema> = {
  integer: { type: 'integer', minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER },
  number: { type: 'number' },
  boolean: { type: 'boolean' },
  date: { type: 'string', pattern: CALENDAR_DATE_PATTERN },
  dateonly: { type: 'string', format: 'date' },
  string: { type: 'string', maxLength: 1000 },
};

/** One item of a comma-separated list, as a pattern (texts: anything but a comma). */
const ITEM: Record<FilterValueType, string> = {
  integer: '-?\\d{1,16}',
  number: '-?\\d{1,15}(\\.\\d{1,15})?',
  boolean: '(true|false|1|0)',
  date: CALENDAR_DATE_PATTERN.slice(1, -1),
  dateonly: CALENDAR_DAY,
  string: '[^,\\u0000]*',
};

/** The schema of one operator's value for a field. */
function operatorSchema(field: FilterField, operator: FilterOperator, config: ApiConfig): JsonSchema {
  switch (operator) {
    case 'null':
      return { type: 'boolean', description: 'true: no value; false: a value' };
    case 'in':
    case 'nin':
      return {
        type: 'string',
        pattern: `^${ITEM[field.type]}(,${ITEM[field.type]}){0,${config.filter.maxListSize - 1}}$`,
        description: 'Comma-separated values',
      };
    case 'between':
      return { type: 'string', pattern: `^${ITEM[field.type]},${ITEM[field.type]}$`, description: 'low,high (both included)' };
    case 'contains':
    case 'starts':
    case 'ends':
      return { type: 'string', minLength: 1, maxLength: 1000, pattern: '^[^\\u0000]*$', description: 'Compared ignoring case' };
    default:
      return SCALARS[field.type];
  }
}

/** The schema of one field: its value (eq), or an object of its operators. */
function fieldSchema(field: FilterField, config: ApiConfig): JsonSchema {
  if (field.search)
    return {
      type: 'string',
      minLength: 1,
      maxLength: 1000,
      pattern: '^[^\\u0000]*\\S[^\\u0000]*$',
      description: `Full-text search over ${field.search.join(', ')}`,
    };
  const operators = Object.fromEntries([...field.operators].map((operator) => [operator, operatorSchema(field, operator, config)]));
  const object = { type: 'object', properties: operators, additionalProperties: false, minProperties: 1 };
  return field.operators.has('eq') ? { anyOf: [SCALARS[field.type], object] } : object;
}

/**
 * The `filter` query parameter of a `@Filterable` action (deepObject: `filter[title][contains]=x`),
 * as strict as the parser: each declared field with its operators and value types, and OR groups
 * (`filter[or][0][title]=A`) of the same fields.
 */
export function filterParameter(metadata: FilterableMetadata, transformer: unknown, config: ApiConfig, names?: HiddenNames): Record<string, unknown> {
  const declared = filterFields(metadata, transformer);
  // A principal's document names only the fields it may filter by.
  const fields = [...(names ? usableFilterFields(declared, names) : declared).values()];
  const properties = Object.fromEntries(fields.map((field) => [field.name, fieldSchema(field, config)]));
  const conditions = { type: 'object', properties, additionalProperties: false };
  const example = exampleOf(fields);
  return {
    name: 'filter',
    in: 'query',
    style: 'deepObject',
    explode: true,
    required: false,
    description:
      `Which resources to list: filter[field]=value (equal) or filter[field][operator]=value; OR groups filter[or][n][field]...; ` +
      `at most ${config.filter.maxConditions} conditions, ${config.filter.maxListSize} values a list. Fields: ` +
      fields.map((field) => (field.search ? `${field.name} (search)` : `${field.name} (${[...field.operators].join(', ')})`)).join('; ') +
      '. A relation path (author.name) keeps a resource once however many related rows match.',
    schema: {
      ...conditions,
      properties: { ...properties, or: { type: 'object', patternProperties: { '^\\d{1,3}$': conditions }, additionalProperties: false } },
    },
    ...(example ? { example } : {}),
  };
}

/** An example a client can send: a text field's `contains`, else the first field's `eq`, `gte` or `null`. */
function exampleOf(fields: FilterField[]): Record<string, unknown> | undefined {
  const text = fields.find((field) => field.operators.has('contains'));
  if (text) return { [text.name]: { contains: 'the' } };
  for (const field of fields) {
    const value =
      field.type === 'integer' || field.type === 'number' ? 1 : field.type === 'boolean' ? false : field.type.startsWith('date') ? '2024-01-01' : 'a';
    if (field.operators.has('eq')) return { [field.name]: value };
    if (field.operators.has('gte')) return { [field.name]: { gte: value } };
    if (field.operators.has('null')) return { [field.name]: { null: false } };
  }
  return undefined;
}
