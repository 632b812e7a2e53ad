import { route, Transformer } from '../../src';
import { Book, Comment, Genre } from '../models';
import { AuthorTransformer } from './AuthorTransformer';
import { CommentTransformer } from './CommentTransformer';
import { GenreTransformer } from './GenreTransformer';
import { PublisherTransformer } from './PublisherTransformer';

/** The attributes of the fields not named after one: a sparse fieldset selects only what it asks for. */
const COLUMNS = { created: ['createdAt'], link: ['id'] };

/** Each field as it is sent, for the OpenAPI document (the suite checks real responses against it). */
const SCHEMA = {
  id: { type: 'integer' },
  title: { type: 'string' },
  description: { type: ['string', 'null'] },
  publishedAt: { type: ['string', 'null'], format: 'date-time' },
  outOfPrint: { type: 'boolean' },
  created: { type: 'string', format: 'date-time' },
  // Staff only (example/policies.ts): left out for anyone else.
  draft: { type: 'boolean', 'x-optional': true },
  editorId: { type: ['integer', 'null'], 'x-optional': true },
  cost: { type: ['integer', 'null'], description: 'What the library paid, in cents.', 'x-optional': true },
  link: { type: 'object', properties: { rel: { const: 'self' }, href: { type: 'string', format: 'uri' } }, required: ['rel', 'href'] },
};

/** Include names and aggregates, as module constants: include methods make a transformer per parent, and a literal here would be made again for each. */
const INCLUDES = ['author', 'publisher', 'comments', 'genres'];
/** include=comments:avg(rating) (and sum, min, max); count and exists need no declaration. */
const AGGREGATES = { comments: ['rating'] };

/** What an include's rows may be filtered by: `include=comments:filter(rating|gte|4)`, `genres:filter(name|eq|Poetry)`. */
const INCLUDE_FILTERS = {
  comments: { model: () => Comment, fields: { rating: ['eq', 'gte', 'lte', 'null'], body: ['contains'] } },
  genres: { model: () => Genre, fields: { name: ['eq', 'ne'] } },
} as const;

export class BookTransformer extends Transformer<Book> {
  columns = COLUMNS;
  schema = SCHEMA;
  availableIncludes = INCLUDES;
  aggregates = AGGREGATES;
  includeFilters = INCLUDE_FILTERS;

  transform(book: Book) {
    return this.buildPayload({
      id: Number(book.id),
      title: book.title,
      description: book.description ?? null,
      publishedAt: book.publishedAt ?? null,
      outOfPrint: Boolean(book.outOfPrint),
      created: book.createdAt?.toISOString(),
      draft: Boolean(book.draft),
      editorId: book.editorId ?? null,
      cost: book.cost ?? null,
      link: { rel: 'self', href: route('v1.books.show', { id: book.id }) },
    });
  }

  includeAuthor(book: Book) {
    return this.item(this.related(book, 'author'), new AuthorTransformer(), 'authors');
  }

  includePublisher(book: Book) {
    return this.item(this.related(book, 'publisher'), new PublisherTransformer(), 'publishers');
  }

  /** One query for all books of the page, limit/offset/sort applied per book. */
  includeComments(book: Book) {
    return this.collection(this.related(book, 'comments'), new CommentTransformer(), 'comments');
  }

  /** Belongs-to-many through book_genres: one query for all books of the level, limit/offset/sort per book. */
  includeGenres(book: Book) {
    return this.collection(this.related(book, 'genres'), new GenreTransformer(), 'genres');
  }
}
