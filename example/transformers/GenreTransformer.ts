import { route, Transformer } from '../../src';
import type { Genre } from '../models';
import { BookTransformer } from './BookTransformer';

/** The attributes of the fields not named after one: a sparse fieldset selects only what it asks for. */
const COLUMNS = { link: ['id'] };

/** Each field as it is sent, for the OpenAPI document (the suite checks real responses against it). */
const SCHEMA = {
  id: { type: 'integer' },
  name: { type: 'string' },
  // A through attribute: sent when the genre is included from a book (`include=genres`).
  primary: { type: 'boolean', 'x-optional': true },
  link: { type: 'object', properties: { rel: { const: 'self' }, href: { type: 'string', format: 'uri' } }, required: ['rel', 'href'] },
};

/** A module constant: include methods make a transformer per parent, and a literal here would be made again for each. */
const INCLUDES = ['books'];

export class GenreTransformer extends Transformer<Genre> {
  columns = COLUMNS;
  schema = SCHEMA;
  availableIncludes = INCLUDES;

  transform(genre: Genre) {
    return this.buildPayload({
      id: Number(genre.id),
      name: genre.name,
      primary: this.when(genre.BookGenre !== undefined, () => Boolean(genre.BookGenre!.primary)),
      link: { rel: 'self', href: route('v1.genres.show', { id: genre.id }) },
    });
  }

  /** A genre's books through the join table: one query for every genre of the level. */
  includeBooks(genre: Genre) {
    return this.collection(this.related(genre, 'books'), new BookTransformer(), 'books');
  }
}
