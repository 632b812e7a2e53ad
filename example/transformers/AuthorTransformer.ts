import { route, Transformer } from '../../src';
import type { Author } from '../models';
import { BookTransformer } from './BookTransformer';

export class AuthorTransformer extends Transformer<Author> {
  /** The attributes of the fields not named after one: a sparse fieldset selects only what it asks for. */
  columns = { created: ['createdAt'], link: ['id'] };
  availableIncludes = ['books'];

  transform(author: Author) {
    return this.buildPayload({
      id: Number(author.id),
      name: author.name,
      email: author.email,
      created: author.createdAt?.toISOString(),
      link: { rel: 'self', href: route('v1.authors.show', { id: author.id }) },
    });
  }

  includeBooks(author: Author) {
    return this.collection(this.related(author, 'books'), new BookTransformer(), 'books');
  }
}
