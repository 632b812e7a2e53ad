import type { Model, ModelStatic } from 'sequelize';
import type { SqlWriter } from './SqlWriter';
import type { FilterField } from '../metadata/filterTypes';

type AnyModel = ModelStatic<Model>;

/** One clause of a web-search text: words (or "quoted phrases") that must all be there, and ones that must not. */
export interface SearchClause {
  readonly must: string[];
  readonly not: string[];
}

/**
 * A web-search text as PostgreSQL's `websearch_to_tsquery` reads it: words and "quoted phrases"
 * must all be there, `-word` must not, and `or` between two parts is either. Clauses with nothing
 * that must be there are dropped (they would match almost everything).
 *
 * @example
 * parseWebSearch('compiler -lazy or "silent river"'); // [{ must: ['compiler'], not: ['lazy'] }, { must: ['silent river'], not: [] }]
 */
export function parseWebSearch(text: string): SearchClause[] {
  const clauses: SearchClause[] = [{ must: [], not: [] }];
  for (const match of text.matchAll(/(-?)"([^"]*)"?|(\S+)/g)) {
    const negated = match[1] === '-' || (match[3]?.startsWith('-') ?? false);
    const raw = match[2] ?? match[3].replace(/^-/, '');
    if (match[3]?.toLowerCase() === 'or') {
      clauses.push({ must: [], not: [] });
      continue;
    }
    const words = raw
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean)
      .join(' ')
      .toLowerCase();
    if (words === '') continue;
    clauses[clauses.length - 1][negated ? 'not' : 'must'].push(words);
  }
  return clauses.filter((clause) => clause.must.length > 0);
}

/**
 * Clauses as PostgreSQL's tsquery: a phrase's words `<->` in a row, `!` before what must not be there,
 * `&` within a clause, `|` between clauses. Words are letters and digits only (parseWebSearch), so
 * quoting each as a lexeme is safe.
 *
 * @example
 * tsQuery(parseWebSearch('silent -harbour or "pure garden"')); // "('silent' & !'harbour') | (('pure' <-> 'garden'))"
 */
export function tsQuery(clauses: readonly SearchClause[]): string {
  const term = (words: string) => {
    const lexemes = words.split(' ').map((word) => `'${word}'`);
    return lexemes.length === 1 ? lexemes[0] : `(${lexemes.join(' <-> ')})`;
  };
  return clauses.map((clause) => `(${[...clause.must.map(term), ...clause.not.map((words) => `!${term(words)}`)].join(' & ')})`).join(' | ');
}

/**
 * A full-text condition on `fields` of `model` under `alias`, the text read by parseWebSearch() for
 * every database. PostgreSQL: `to_tsvector('simple', ...) @@ to_tsquery('simple', ...)` (the example
 * indexes that very to_tsvector expression with GIN). SQLite:
 * the words of `parseWebSearch()` as an FTS5 query on the declared `ftsTable` (rowid = the model's
 * integer key; the example creates one, kept in step by triggers), else each word as a LIKE over the
 * fields (a documented fallback: no ranking, no index).
 * A text with no word to find matches nothing.
 */
export function searchCondition(writer: SqlWriter, model: AnyModel, alias: string, field: FilterField, text: string): string {
  const fields = field.search!;
  const document = fields.map((field) => `coalesce(${writer.column(model, alias, field)}, '')`).join(` || ' ' || `);
  // One reading of the text for every database (websearch_to_tsquery reads `-word` alone, `or`
  // at an end and stray quotes its own way): PostgreSQL gets the clauses as a tsquery.
  const clauses = parseWebSearch(text);
  if (clauses.length === 0) return '1 = 0';
  if (writer.dialect.fullText) return writer.dialect.fullText(document, writer.escape(tsQuery(clauses)));
  if (field.ftsTable) {
    const phrase = (words: string) => `"${words.replace(/"/g, '""')}"`;
    const query = clauses
      .map((clause) => `(${clause.must.map(phrase).join(' AND ')}${clause.not.map((words) => ` NOT ${phrase(words)}`).join('')})`)
      .join(' OR ');
    const fts = writer.quote(field.ftsTable);
    return `${writer.column(model, alias, model.primaryKeyAttribute)} IN (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ${writer.escape(query)})`;
  }
  const like = (words: string) => `(${document}) LIKE ${writer.escape(`%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)} ESCAPE '\\'`;
  return `(${clauses.map((clause) => `(${[...clause.must.map(like), ...clause.not.map((words) => `NOT ${like(words)}`)].join(' AND ')})`).join(' OR ')})`;
}
