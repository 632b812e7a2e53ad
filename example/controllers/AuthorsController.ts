import { Get, JsonController, Param } from 'routing-controllers';
import { Service } from 'typedi';
import { Paginated, Transformer } from '../../decorators';
import { paginate } from '../../src';
import { Author, Book } from '../models';
import { AuthorTransformer } from '../transformers/AuthorTransformer';
import { BookTransformer } from '../transformers/BookTransformer';
import { findOrFail } from './findOrFail';

/** v1.authors.index|show|books */
@Service()
@JsonController('/v1/authors')
export class AuthorsController {
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
    return paginate(Book, { where: { authorId: author.id }, order: [['createdAt', 'DESC'], ['id', 'DESC']] });
  }
}
