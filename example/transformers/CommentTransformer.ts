import { Transformer } from '../../src';
import type { Comment } from '../models';

/** The attributes of the fields not named after one: a sparse fieldset selects only what it asks for. */
const COLUMNS = { created: ['createdAt'] };

/** Each field as it is sent, for the OpenAPI document (the suite checks real responses against it). */
const SCHEMA = {
  id: { type: 'integer' },
  body: { type: 'string' },
  rating: { type: ['integer', 'null'], minimum: 1, maximum: 5 },
  created: { type: 'string', format: 'date-time' },
  // Admins only (example/policies.ts): left out for anyone else.
  flagged: { type: 'boolean', 'x-optional': true },
};

export class CommentTransformer extends Transformer<Comment> {
  columns = COLUMNS;
  schema = SCHEMA;
  transform(comment: Comment) {
    return this.buildPayload({
      id: Number(comment.id),
      body: comment.body,
      rating: comment.rating ?? null,
      created: comment.createdAt?.toISOString(),
      flagged: Boolean(comment.flagged),
    });
  }
}
