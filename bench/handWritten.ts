import type { Author, Book, Publisher } from '../example/models';

/**
 * The book and author JSON of the example's transformers, written by hand: the baselines the
 * toolkit is measured against.
 */
export function authorJson(author: Author, origin: string) {
  return {
    id: Number(author.id),
    name: author.name,
    email: author.email,
    created: author.createdAt.toISOString(),
    link: { rel: 'self', href: `${origin}/v1/authors/${author.id}` },
  };
}

export function bookJson(book: Book, origin: string) {
  return {
    id: Number(book.id),
    title: book.title,
    description: book.description,
    published_at: book.publishedAt ? book.publishedAt.toISOString() : null,
    out_of_print: Boolean(book.outOfPrint),
    created: book.createdAt.toISOString(),
    draft: Boolean(book.draft),
    editor_id: book.editorId ?? null,
    cost: book.cost ?? null,
    link: { rel: 'self', href: `${origin}/v1/books/${book.id}` },
    author: book.author ? authorJson(book.author, origin) : null,
  };
}

export function publisherJson(publisher: Publisher, origin: string) {
  return {
    id: Number(publisher.id),
    name: publisher.name,
    created: publisher.createdAt.toISOString(),
    link: { rel: 'self', href: `${origin}/v1/publishers/${publisher.id}` },
  };
}
