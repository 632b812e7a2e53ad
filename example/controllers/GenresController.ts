import { Get, JsonController, Param } from 'routing-controllers';
import { Service } from 'typedi';
import { Paginated, Transformer } from '../../decorators';
import { findOrFail, paginate } from '../../src';
import { Genre } from '../models';
import { GenreTransformer } from '../transformers/GenreTransformer';

/** v1.genres.index|show */
@Service()
@JsonController('/v1/genres')
export class GenresController {
  @Get('/')
  @Transformer(GenreTransformer, { resourceKey: 'genres' })
  @Paginated({ perPage: 10 })
  index() {
    return paginate(Genre, { order: [['id', 'ASC']] });
  }

  @Get('/:id')
  @Transformer(GenreTransformer, { resourceKey: 'genres' })
  show(@Param('id') id: number) {
    return findOrFail(Genre, id);
  }
}
