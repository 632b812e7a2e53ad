import { IncludeParams, route, Transformer } from 'routing-controllers-api';
import type { Note, Post, Writer } from './models';

export class WriterTransformer extends Transformer<Writer> {
  transform(writer: Writer) {
    return { id: Number(writer.id), name: writer.name };
  }
}

export class NoteTransformer extends Transformer<Note> {
  transform(note: Note) {
    return { id: Number(note.id), body: note.body };
  }
}

export class PostTransformer extends Transformer<Post> {
  availableIncludes = ['writer', 'notes'];

  transform(post: Post) {
    return {
      id: Number(post.id),
      title: post.title,
      created: post.createdAt.toISOString(),
      link: { rel: 'self', href: route('v1.posts.show', { id: post.id }) },
    };
  }

  includeWriter(post: Post) {
    return this.item(this.related(post, 'writer'), new WriterTransformer());
  }

  includeNotes(post: Post, _params: IncludeParams) {
    return this.collection(this.related(post, 'notes'), new NoteTransformer());
  }
}
