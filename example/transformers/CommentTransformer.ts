import { Transformer } from '../../src';
import type { Comment } from '../models';

export class CommentTransformer extends Transformer<Comment> {
  transform(comment: Comment) {
    return this.buildPayload({
      id: Number(comment.id),
      body: comment.body,
      created: comment.createdAt.toISOString(),
    });
  }
}
