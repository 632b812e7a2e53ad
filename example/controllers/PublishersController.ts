import { Get, JsonController, Param } from 'routing-controllers';
import { Service } from 'typedi';
import { Paginated, Transformer } from '../../decorators';
import { findOrFail, paginate } from '../../src';
import { Publisher } from '../models';
import { PublisherTransformer } from '../transformers/PublisherTransformer';

/** v1.publishers.index|show */
@Service()
@JsonController('/v1/publishers')
export class PublishersController {
  @Get('/')
  @Transformer(PublisherTransformer, { resourceKey: 'publishers' })
  @Paginated({ perPage: 5 })
  index() {
    return paginate(Publisher, { order: [['id', 'ASC']] });
  }

  @Get('/:id')
  @Transformer(PublisherTransformer, { resourceKey: 'publishers' })
  show(@Param('id') id: number) {
    return findOrFail(Publisher, id);
  }
}
