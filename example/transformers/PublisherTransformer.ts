import { route, Transformer } from '../../src';
import type { Publisher } from '../models';
import { BookTransformer } from './BookTransformer';

/** The attributes of the fields not named after one: a sparse fieldset selects only what it asks for. */
const COLUMNS = { created: ['createdAt'], link: ['id'] };

/** Each field as it is sent, for the OpenAPI document (the suite checks real responses against it). */
const SCHEMA = {
  id: { type: 'integer' },
  name: { type: 'string' },
  created: { type: 'string', format: 'date-time' },
  link: { type: 'object', properties: { rel: { const: 'self' }, href: { type: 'string', format: 'uri' } }, required: ['rel', 'href'] },
};

/** A module constant: include methods make a transformer per parent, and a literal here would be made again for each. */
const INCLUDES = ['books'];

export class PublisherTransformer extends Transformer<Publisher> {
  columns = COLUMNS;
  schema = SCHEMA;
  availableIncludes = INCLUDES;

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
