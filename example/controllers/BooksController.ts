import { Body, Delete, Get, JsonController, Param, Patch, Post, Put } from 'routing-controllers';
import { OpenAPI } from 'routing-controllers-openapi';
import { Service } from 'typedi';
import { Created, Filterable, Paginated, Sortable, Transformer } from '../../decorators';
import { checkIfMatch, currentContext, currentPrincipal, cursorPaginate, findOrFail, json, paginate, SUCCESS_OPERATION, validId, visibleRows } from '../../src';
import type { Caller } from '../auth';
import { Book, Comment } from '../models';
import { bookAttributes } from '../requests/bookAttributes';
import { CreateBookRequest } from '../requests/CreateBookRequest';
import { UpdateBookRequest } from '../requests/UpdateBookRequest';
import { BookTransformer } from '../transformers/BookTransformer';
import { CommentTransformer } from '../transformers/CommentTransformer';
import { deleteRow, RowTarget, updateRow } from './atomicWrites';

/** The documented example of a new book: an author and a publisher of the seeded data. */
const NEW_BOOK = {
  title: 'The Patient Compiler',
  description: 'A book about waiting well.',
  published_at: '2024-05-01',
  out_of_print: false,
  author_id: 1,
  publisher_id: 2,
};

/** What a client may list books by: `?filter[author.name][contains]=ada&filter[published_at][gte]=2023-01-01`. */
const BOOK_FILTERS = {
  id: ['eq', 'in', 'nin'],
  title: ['eq', 'ne', 'contains', 'starts', 'ends', 'in'],
  description: ['contains', 'null'],
  published_at: ['eq', 'gt', 'gte', 'lt', 'lte', 'between', 'null'],
  out_of_print: ['eq', 'ne'],
  draft: ['eq'],
  cost: ['gte', 'lte', 'null'],
  created: ['gte', 'lte', 'between'],
  'author.name': ['eq', 'contains', 'starts'],
  'publisher.name': ['eq', 'in'],
  'comments.body': ['contains'],
  'genres.name': ['eq', 'in'],
  q: { search: ['title', 'description'], ftsTable: 'books_fts' },
} as const;

const isCurrentRequestConditional = () => currentContext().headers['if-match'] !== undefined;

/** v1.books.index|show|store|update|destroy|comments */
@Service()
@JsonController('/v1/books')
export class BooksController {
  @Get('/')
  @Transformer(BookTransformer, { resourceKey: 'books' })
  @Paginated({ perPage: 5 })
  @Sortable('title', 'published_at', 'created', 'cost')
  @Filterable(() => Book, BOOK_FILTERS)
  index() {
    return paginate(Book, {
      order: [
        ['createdAt', 'DESC'],
        ['id', 'DESC'],
      ],
    });
  }

  @Get('/:id')
  @Transformer(BookTransformer, { resourceKey: 'books' })
  show(@Param('id') id: number) {
    return findOrFail(Book, id);
  }

  /** A book's comments, newest first, by cursor: a token of another book's list is a 400. */
  @Get('/:id/comments')
  @Transformer(CommentTransformer, { resourceKey: 'comments' })
  @Paginated({ perPage: 20, cursor: true })
  async comments(@Param('id') id: number) {
    await findOrFail(Book, id);
    return cursorPaginate(Comment, { where: { bookId: id }, order: [['createdAt', 'DESC']] });
  }

  @Post('/')
  @OpenAPI({ requestBody: { content: { 'application/json': { example: NEW_BOOK } } } })
  @Created(() => Book)
  @Transformer(BookTransformer, { resourceKey: 'books' })
  async store(@Body({ required: true }) body: CreateBookRequest) {
    const book = await Book.create({ ...bookAttributes(body), ...draftEditor(body) });
    // 201 with Location (/v1/books/:id answers a GET for it) and the book through its transformer.
    return json().created(book, new BookTransformer(), 'books');
  }

  @Put('/:id')
  @Patch('/:id')
  // The resource it writes: a JSON:API document of another type is a 409, and the document says which.
  @Transformer(BookTransformer, { resourceKey: 'books' })
  @OpenAPI({ requestBody: { content: { 'application/json': { example: { title: 'The Patient Compiler, Second Edition', out_of_print: true } } } } })
  @OpenAPI(SUCCESS_OPERATION)
  async update(@Param('id') id: number, @Body({ required: true }) body: UpdateBookRequest) {
    const attributes = { ...bookAttributes(body), ...draftEditor(body) };
    await updateRow(Book, await writeTarget(id), attributes);
    return json().success('Updated');
  }

  @Delete('/:id')
  @OpenAPI(SUCCESS_OPERATION)
  async destroy(@Param('id') id: number) {
    await deleteRow(Book, await writeTarget(id));
    return json().success('Deleted');
  }
}

/** A draft an editor writes is theirs to see: its editor is the caller (an admin's draft has none). */
function draftEditor(body: CreateBookRequest | UpdateBookRequest): { editorId?: number } {
  const caller = currentPrincipal<Caller>();
  return body.draft === true && caller?.role === 'editor' ? { editorId: caller.id } : {};
}

/**
 * The book a write aims at; with `If-Match`, checked against the ETag of a plain GET of it and
 * pinned to its version. A missing book has no current representation: 412, not 404 (RFC 9110).
 */
async function writeTarget(id: number): Promise<RowTarget> {
  if (!isCurrentRequestConditional()) return { id: validId(Book, id) };
  const book = Number.isSafeInteger(id) && id > 0 ? await Book.findOne({ where: visibleRows(Book, { id }) }) : null;
  await checkIfMatch(book, new BookTransformer(), 'books');
  return { id, version: book!.version };
}
