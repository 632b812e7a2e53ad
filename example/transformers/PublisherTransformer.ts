import { route, Transformer } from '../../src';
import type { Publisher } from '../models';
import { BookTransformer } from './BookTransformer';

export class PublisherTransformer extends Transformer<Publisher> {
  availableIncludes = ['books'];

  transform(publisher: Publisher) {
    return this.buildPayload({
      id: Number(publisher.id),
      name: publisher.name,
      created: publisher.createdAt.toISOString(),
      link: { rel: 'self', href: route('v1.publishers.show', { id: publisher.id }) },
    });
  }

  includeBooks(publisher: Publisher) {
    return this.collection(this.related(publisher, 'books'), new BookTransformer(), 'books');
  }
}
