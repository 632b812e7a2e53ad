/**
 * A field name as the server sends it under `convert.key` (`'snake'`, `'camel'` or none), as
 * `src/text/caseStyles.ts` converts it at run time: `publishedAt` is `published_at` in snake case.
 *
 * @example
 * type Sent = WireKey<'publishedAt', 'snake'>; // 'published_at'
 */
export type WireKey<K, C extends KeyCaseName> = K extends string ? (C extends 'snake' ? Snake<K> : C extends 'camel' ? Camel<K> : K) : K;

/** The key conversions of the server's config (`convert.key`), `'none'` for none. */
export type KeyCaseName = 'snake' | 'camel' | 'none';

type Upper =
  'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'G' | 'H' | 'I' | 'J' | 'K' | 'L' | 'M' | 'N' | 'O' | 'P' | 'Q' | 'R' | 'S' | 'T' | 'U' | 'V' | 'W' | 'X' | 'Y' | 'Z';

/** snakeCase(): `_` before an upper-case letter that follows a lower-case letter or a digit, `-` and spaces as `_`, all lower case. */
type Snake<S extends string, Previous extends string = '', Done extends string = ''> = S extends `${infer C}${infer Rest}`
  ? Snake<
      Rest,
      C,
      `${Done}${C extends Upper ? (Previous extends '' | Upper | '_' | '-' | ' ' ? Lowercase<C> : `_${Lowercase<C>}`) : C extends '-' | ' ' ? '_' : C}`
    >
  : Done;

/** camelCase(): a letter or digit after `_` or `-` in upper case, the separators dropped. */
export type Camel<S extends string> = S extends `${infer Head}${'_' | '-'}${infer C}${infer Rest}` ? `${Head}${Uppercase<C>}${Camel<Rest>}` : S;
