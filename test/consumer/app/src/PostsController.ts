import { Get, JsonController, Param } from 'routing-controllers';
import { Service } from 'typedi';
import { paginate } from 'routing-controllers-api';
import { AvailableIncludes, Paginated, Transformer } from 'routing-controllers-api/decorators';
import { Post } from './models';
import { PostTransformer } from './transformers';

@Service()
@JsonController('/v1/posts')
export class PostsController {
  @Get('/')
  @Transformer(PostTransformer, { resourceKey: 'posts' })
  @Paginated({ perPage: 5 })
  index() {
    return paginate(Post, {
      order: [
        ['createdAt', 'DESC'],
        ['id', 'DESC'],
      ],
    });
  }

  @Get('/:id')
  @Transformer(PostTransformer, { resourceKey: 'posts' })
  @AvailableIncludes('writer', 'notes')
  show(@Param('id') id: number) {
    return Post.findByPk(id, { rejectOnEmpty: true });
  }
}
