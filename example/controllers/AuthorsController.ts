import { Get, JsonController, Param } from 'routing-controllers';
import { OpenAPI } from 'routing-controllers-openapi';
import { Service } from 'typedi';
import { Paginated, Sortable, Transformer } from '../../decorators';
import { Api, currentContext, findOrFail, json, paginate } from '../../src';
import { Author, Book } from '../models';
import { AuthorTransformer } from '../transformers/AuthorTransformer';
import { BookTransformer } from '../transformers/BookTransformer';
import { PROFILE_OPERATION } from './profileSchema';

/** What the profile reads of a resource (JSON:API's `type` and `id`, in the array modes just fields). */
interface ResourceObject {
  type: string;
  id: string;
  relationships?: Record<string, unknown>;
}

interface BookPage {
  data: ResourceObject[];
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
  @Sortable('name', 'created')
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
  @Sortable('title', 'published_at', 'created')
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
   * the author, and their latest three books. A missing author is the inner 404, passed on. In
   * json-api mode it is a compound document: the author, the books in `included`.
   */
  @Get('/:id/profile')
  @OpenAPI(PROFILE_OPERATION)
  async profile(@Param('id') id: number) {
    const jsonApi = currentContext().app.config.serializer === 'json-api';
    const [author, books] = await Promise.all([
      this.api.get<{ data: ResourceObject }>(`/v1/authors/${id}`),
      this.api.get<BookPage>(`/v1/authors/${id}/books`, jsonApi ? { 'page[size]': 3 } : { per_page: 3 }),
    ]);
    const bookCount = books.meta.pagination.total;
    if (!jsonApi) return json({ author, latestBooks: books.data, bookCount });
    const latestBooks = { data: books.data.map(({ type, id }) => ({ type, id })) };
    return json({
      jsonapi: { version: '1.1' },
      data: { ...author.data, relationships: { ...author.data.relationships, latestBooks } },
      included: books.data,
      meta: { bookCount },
    });
  }
}
