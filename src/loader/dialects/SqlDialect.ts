/**
 * The pieces of a batched has-many statement that every dialect shares: quoted names, column lists
 * and conditions written once by `hasManyQuery()`; a dialect puts them together its own way.
 */
export interface HasManyPieces {
  q: (name: string) => string;
  /** The target's table, and its columns as a select list (`named`: aliased to attribute names). */
  table: string;
  columns: (prefix?: string) => string;
  named: (prefix?: string) => string;
  /** The quoted primary key and foreign key columns. */
  pk: string;
  fk: string;
  /** ` AND ...`: the paranoid condition and the include's filter (both may be empty). */
  conditions: string;
  /** The ORDER BY list of the sort, under a prefix. */
  order: (prefix?: string) => string;
  limit: number;
  offset: number;
}

/** The pieces of a batched belongs-to-many statement (see `belongsToManyQuery()`). */
export interface BelongsToManyPieces {
  q: (name: string) => string;
  /** Aliases: the parent keys, the rows, the target and join table inside, the join row outside. */
  alias: { parent: string; rows: string; t: string; j: string; link: string };
  /** `__rca_parent.key`, and the alias each row carries it under. */
  parentKey: string;
  parentKeyAlias: string;
  /** The target's table. */
  table: string;
  /** The target's columns under a prefix, as a select list, and aliased to attribute names. */
  columns: (prefix: string) => string;
  named: (prefix: string) => string;
  /** The target's primary key column under an alias. */
  pk: (alias: string) => string;
  /** The join table's foreign key column (the parent's key) under an alias. */
  foreignKey: (alias: string) => string;
  /** The target joined to the join table: `t JOIN j ON j.otherKey = t.targetKey`. */
  joined: (t: string, j: string) => string;
  /** ` AND ...`: paranoid, the target's and the through scopes, the include's filter. */
  scopes: (t: string, j: string) => string;
  /** The through row's attributes as aliased columns under a prefix, and their aliases alone. */
  linkColumns: (j: string) => string;
  throughAliases: (rows: string) => string;
  /** The outer join back to the join row (SQLite): `link table AS link ON ...`, with the through scope. */
  linkJoin: string;
  order: (prefix: string) => string;
  limit: number;
  offset: number;
}

/** A statement for a number of parent keys, with its replacements in order. */
export interface BatchStatement {
  sql(count: number): string;
  replacements(keys: unknown[]): unknown[];
}

/**
 * What differs between databases in the SQL the toolkit writes itself, one implementation per
 * dialect (`dialectOf()` picks it): how a batched relation load limits each parent's rows, how a
 * text pattern ignores case, and the full-text condition where the database has one.
 */
export interface SqlDialect {
  /** Each parent's rows of a has-many relation, sorted, offset and limited per parent. */
  hasMany(pieces: HasManyPieces): BatchStatement;
  /** The same through a join table, with the through row's attributes. */
  belongsToMany(pieces: BelongsToManyPieces): BatchStatement;
  /** The operator of a text pattern that ignores case. */
  readonly caseInsensitiveLike: 'LIKE' | 'ILIKE';
  /** A full-text condition on `document` for a tsquery text, where the database has full-text search built in. */
  fullText?(document: string, tsQuery: string): string;
}
