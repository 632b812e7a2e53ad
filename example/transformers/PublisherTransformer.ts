import { route, Transformer } from '../../src';
import type { Publisher } from '../models';
import { BookTransformer } from './BookTransformer';

export class PublisherTransformer extends Transformer<Publisher> {
  /** The attributes of the fields not named after one: a sparse fieldset selects only what it asks for. */
  columns = { created: ['createdAt'], link: ['id'] };
  availableIncludes = ['books'];

  transform(publisher: Publisher) {
    return this.buildPayload({
      id: Number(publisher.id),
      name: publisher.name,
      created: publisher.createdAt?.toISOString(),
      link: { rel: 'self', href: route('v1.publishers.show', { id: publisher.id }) },
    });
  }

  includeBooks(publisher: Publisher) {
    return this.collection(this.related(publisher, 'books'), new BookTransformer(), 'books');
  }
}
