import { fieldKey } from '../text/fieldKey';

/**
 * The fields a request asks for of one resource type (`fields[books]=title,author`): attributes and
 * relationship (include) names alike, compared in any spelling.
 *
 * @example
 * const fieldset = new Fieldset('books', ['title', 'published_at']);
 * fieldset.has('publishedAt'); // true
 */
export class Fieldset {
  private readonly keys: ReadonlySet<string>;

  constructor(
    /** The resource type, as the request named it. */
    readonly type: string,
    /** The names as the request spelled them. */
    readonly names: readonly string[],
  ) {
    this.keys = new Set(names.map(fieldKey));
  }

  has(name: string): boolean {
    return this.keys.has(fieldKey(name));
  }
}

/** The sparse fieldsets of a request, by resource type. */
export type Fieldsets = ReadonlyMap<string, Fieldset>;

export const NO_FIELDSETS: Fieldsets = new Map();
