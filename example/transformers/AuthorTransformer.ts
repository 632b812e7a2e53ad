import { route, Transformer } from '../../src';
import { Author, Book } from '../models';
import { BookTransformer } from './BookTransformer';

/** The attributes of the fields not named after one: a sparse fieldset selects only what it asks for. */
const COLUMNS = { created: ['createdAt'], link: ['id'] };

/** Each field as it is sent, for the OpenAPI document (the suite checks real responses against it). */
const SCHEMA = {
  id: { type: 'integer' },
  name: { type: 'string' },
  email: { type: 'string', format: 'email' },
  created: { type: 'string', format: 'date-time' },
  link: { type: 'object', properties: { rel: { const: 'self' }, href: { type: 'string', format: 'uri' } }, required: ['rel', 'href'] },
};

/** Include names and aggregates, as module constants: include methods make a transformer per parent, and a literal here would be made again for each. */
const INCLUDES = ['books'];
/** include=books:min(published_at) and books:max(published_at): an author's first and latest book. */
const AGGREGATES = { books: ['published_at'] };

/** include=books:filter(published_at|gte|2023-01-01):count, books:filter(out_of_print|eq|false)... */
const INCLUDE_FILTERS = { books: { model: () => Book, fields: { published_at: ['gte', 'lt'], out_of_print: ['eq'], title: ['contains'] } } } as const;

export class AuthorTransformer extends Transformer<Author> {
  columns = COLUMNS;
  schema = SCHEMA;
  availableIncludes = INCLUDES;
  aggregates = AGGREGATES;
  includeFilters = INCLUDE_FILTERS;

  transform(author: Author) {
    return this.buildPayload({
      id: Number(author.id),
      name: author.name,
      email: author.email,
      created: author.createdAt?.toISOString(),
      link: { rel: 'self', href: route('v1.authors.show', { id: author.id }) },
    });
  }

  includeBooks(author: Author) {
    return this.collection(this.related(author, 'books'), new BookTransformer(), 'books');
  }
}
