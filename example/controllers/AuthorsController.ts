import { Get, JsonController, Param } from 'routing-controllers';
import { Service } from 'typedi';
import { Paginated, Transformer } from '../../decorators';
import { Api, json, paginate } from '../../src';
import { Author, Book } from '../models';
import { AuthorTransformer } from '../transformers/AuthorTransformer';
import { BookTransformer } from '../transformers/BookTransformer';
import { findOrFail } from './findOrFail';

interface BookPage {
  data: unknown[];
  meta: { pagination: { total: number } };
}

/** v1.authors.index|show|books|profile */
@Service()
@JsonController('/v1/authors')
export class AuthorsController {
  constructor(private readonly api: Api) {}

  @Get('/')
  @Transformer(AuthorTransformer, { resourceKey: 'authors' })
  @Paginated({ perPage: 5 })
  index() {
    return paginate(Author, { order: [['id', 'ASC']] });
  }

  @Get('/:id')
  @Transformer(AuthorTransformer, { resourceKey: 'authors' })
  show(@Param('id') id: number) {
    return findOrFail(Author, id);
  }

  @Get('/:id/books')
  @Transformer(BookTransformer, { resourceKey: 'books' })
  @Paginated({ perPage: 5 })
  async books(@Param('id') id: number) {
    const author = await findOrFail(Author, id);
    return paginate(Book, {
      where: { authorId: author.id },
      order: [
        ['createdAt', 'DESC'],
        ['id', 'DESC'],
      ],
    });
  }

  /**
   * An author's profile, composed from two other routes of this API called in process (HMVC):
   * the author, and their latest three books. A missing author is the inner 404, passed on.
   */
  @Get('/:id/profile')
  async profile(@Param('id') id: number) {
    const [author, books] = await Promise.all([this.api.get(`/v1/authors/${id}`), this.api.get<BookPage>(`/v1/authors/${id}/books`, { per_page: 3 })]);
    return json({ author, latestBooks: books.data, bookCount: books.meta.pagination.total });
  }
}
