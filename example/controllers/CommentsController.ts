import { Get, JsonController } from 'routing-controllers';
import { Service } from 'typedi';
import { Filterable, Paginated, Sortable, Transformer } from '../../decorators';
import { cursorPaginate } from '../../src';
import { Comment } from '../models';
import { CommentTransformer } from '../transformers/CommentTransformer';

/** v1.comments.index: every comment, newest first, paged by cursor (the same cost on page 1 and page 10,000). */
@Service()
@JsonController('/v1/comments')
export class CommentsController {
  @Get('/')
  @Transformer(CommentTransformer, { resourceKey: 'comments' })
  @Paginated({ perPage: 20, cursor: true })
  @Sortable('created')
  @Filterable(() => Comment, { body: ['contains'], created: ['gte', 'lt'], 'book.title': ['contains'], 'book.author.name': ['eq'] })
  index() {
    return cursorPaginate(Comment, { order: [['createdAt', 'DESC']] });
  }
}
