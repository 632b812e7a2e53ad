import type { Association, Model, ModelStatic } from 'sequelize';

/** The comparison operators of `filter[field][op]=value` (`eq` when no operator is given). */
export const FILTER_OPERATORS = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'in', 'nin', 'contains', 'starts', 'ends', 'null', 'between'] as const;
/** An operator a `@Filterable` field allows: `filter[title][contains]=...` (`eq` when the request names none). */
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

/** Operators that compare text by pattern: only for string fields. */
export const TEXT_OPERATORS: ReadonlySet<FilterOperator> = new Set(['contains', 'starts', 'ends']);

/**
 * What `@Filterable` declares per request field: its operators, or `{ search: [...] }` for a
 * full-text field over those fields (`q: { search: ['title', 'description'], ftsTable: 'books_fts' }`;
 * `ftsTable`: an SQLite FTS5 table over them, else SQLite searches with LIKE).
 */
export type FilterDeclaration = readonly FilterOperator[] | { readonly search: readonly string[]; readonly ftsTable?: string };

/** `@Filterable`'s fields: request names (a relation path `author.name` too) to their declaration. */
export type FilterableFields = Readonly<Record<string, FilterDeclaration>>;

/** `@Filterable`: the model the action lists, and what a request may filter it by. */
export interface FilterableMetadata {
  readonly model: () => ModelStatic<Model>;
  readonly fields: FilterableFields;
}

/** How a filter value is read: by the type of the column it compares with. */
export type FilterValueType = 'integer' | 'number' | 'boolean' | 'date' | 'dateonly' | 'string';

/** One step from a model to a related one in a relation path (`author` of `author.name`). */
export interface RelationStep {
  readonly association: Association;
  readonly target: ModelStatic<Model>;
}

/** A declared field resolved against the model: the relation path to it, its attribute and type. */
export interface FilterField {
  /** The name as declared (`published_at`, `author.name`). */
  readonly name: string;
  readonly operators: ReadonlySet<FilterOperator>;
  readonly steps: readonly RelationStep[];
  /** The model holding the attribute: the listed one, or the last step's target. */
  readonly model: ModelStatic<Model>;
  readonly attribute: string;
  readonly type: FilterValueType;
  /** A full-text field: the attributes of `model` it searches (no `attribute` of its own). */
  readonly search?: readonly string[];
  /** A full-text field's SQLite FTS5 table. */
  readonly ftsTable?: string;
}

/** One condition of a request: `filter[published_at][gte]=2020-01-01`, its value typed. */
export interface FilterCondition {
  readonly field: FilterField;
  readonly operator: FilterOperator | 'search';
  /** A scalar of the field's type; a list for `in`, `nin` and `between`; a boolean for `null`. */
  readonly value: unknown;
  /** The parameter as the request wrote it, for errors. */
  readonly parameter: string;
}

/**
 * The filter of a request: conditions that must all hold, and OR groups of which one must hold
 * (each group a conjunction of its conditions).
 */
export interface FilterRequest {
  readonly all: readonly FilterCondition[];
  readonly any: ReadonlyArray<readonly FilterCondition[]>;
  /** The filter in one canonical spelling: it binds a cursor token to its list. */
  readonly canonical: string;
}
