/**
 * `count` parameter rows for a `VALUES` list, `(?), (?), (?)`, and `count` parameters for an `IN`
 * list, `?, ?, ?`: the values of a batched statement are always replacements.
 *
 * @example
 * `WITH parent(key) AS (VALUES ${valueRows(3)})`; // WITH parent(key) AS (VALUES (?), (?), (?))
 */
export const valueRows = (count: number): string => new Array(count).fill('(?)').join(', ');

export const parameterList = (count: number): string => new Array(count).fill('?').join(', ');
