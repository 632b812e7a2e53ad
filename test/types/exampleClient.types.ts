// Type tests of the typed client over the example's route table: compiled by `tsc --noEmit` (npm test),
// never run. Each `@ts-expect-error` line must be an error, so a name the server refuses stays refused.
import { expectTypeOf } from 'expect-type';
import { createClient, type TransformerOutput } from '../../src/client';
import { CollectionResource, Transformer } from '../../src';
import { routeKinds, type Routes } from '../../example/client.gen';

const client = createClient<Routes>({ baseUrl: 'http://localhost:3000', routes: routeKinds });

export async function itemWithIncludes() {
  const res = await client.get('/v1/books/{id}', { params: { id: 1 }, include: ['author', 'comments', 'publisher.books'] });
  if (!res.ok) {
    expectTypeOf(res.error.error.code).toEqualTypeOf<number>();
    return;
  }
  const book = res.data;
  expectTypeOf(book.id).toEqualTypeOf<number>();
  expectTypeOf(book.title).toEqualTypeOf<string>();
  expectTypeOf(book.published_at).toEqualTypeOf<string | null>();
  // A policy may hide these: optional.
  expectTypeOf(book.cost).toEqualTypeOf<number | null | undefined>();
  // author_id is required and no policy narrows authors: never null. A book's publisher likewise.
  expectTypeOf(book.author).toEqualTypeOf<{ id: number; name: string; email: string; created: string; link: { rel: string; href: string } }>();
  expectTypeOf(book.comments.data[0].body).toEqualTypeOf<string>();
  expectTypeOf(book.publisher.books.data[0].title).toEqualTypeOf<string>();
  // Not asked: not there.
  expectTypeOf(book).not.toHaveProperty('genres');
}

export async function pageWithFieldsCountsAndDepth() {
  const res = await client.get('/v1/books', {
    include: ['comments:limit(2)', 'comments:count', 'comments:avg(rating)', 'author.books.comments'],
    fields: { books: ['title', 'comments', 'author'] },
    sort: ['-title', 'created'],
    filter: { title: { contains: 'proof' }, 'author.name': 'Ada Lovelace', or: [{ cost: { gte: 10 } }, { draft: false }] },
    perPage: 10,
  });
  if (!res.ok) return;
  const [book] = res.data;
  expectTypeOf(book.title).toEqualTypeOf<string>();
  expectTypeOf(book.id).toEqualTypeOf<number>();
  expectTypeOf(book).not.toHaveProperty('description');
  expectTypeOf(book.comments_count).toEqualTypeOf<number>();
  expectTypeOf(book.comments_avg_rating).toEqualTypeOf<number | null>();
  expectTypeOf(book.comments.meta).toEqualTypeOf<{ limit: number; offset: number; more: true } | undefined>();
  expectTypeOf(book.author.books.data[0].comments.data[0].rating).toEqualTypeOf<number | null>();
  expectTypeOf(res.meta.pagination.total).toEqualTypeOf<number>();
  expectTypeOf(res.meta.pagination.per_page).toEqualTypeOf<number>();
}

export async function fieldsetsLeaveRelationsOut() {
  const res = await client.get('/v1/books/{id}', { params: { id: 1 }, include: ['author', 'comments'], fields: { books: ['title', 'author'] } });
  if (!res.ok) return;
  expectTypeOf(res.data.author).not.toBeAny();
  expectTypeOf(res.data).toHaveProperty('author');
  // Not named in fields[books]: the server leaves it out, included or not.
  expectTypeOf(res.data).not.toHaveProperty('comments');
}

export async function cursorPage() {
  const res = await client.get('/v1/comments', { filter: { 'book.author.name': 'Ada' }, sort: ['-created'] });
  if (res.ok) expectTypeOf(res.meta.cursor.next).toEqualTypeOf<string | null>();
}

export async function refusedNames() {
  // @ts-expect-error an include the route does not allow
  await client.get('/v1/books/{id}', { params: { id: 1 }, include: ['autor'] });
  // @ts-expect-error deeper than the transformer goes: comments include nothing
  await client.get('/v1/books/{id}', { params: { id: 1 }, include: ['comments.author'] });
  // @ts-expect-error a field books do not have
  await client.get('/v1/books', { fields: { books: ['titel'] } });
  // @ts-expect-error a sort key the route does not allow
  await client.get('/v1/books', { sort: ['description'] });
  // @ts-expect-error an operator the field does not allow
  await client.get('/v1/books', { filter: { title: { gt: 'a' } } });
  // @ts-expect-error a field that cannot be filtered
  await client.get('/v1/books', { filter: { editor_id: 1 } });
  // @ts-expect-error a value of the wrong type
  await client.get('/v1/books', { filter: { cost: { gte: 'ten' } } });
  // @ts-expect-error the path parameter is required
  await client.get('/v1/books/{id}');
  // @ts-expect-error a route the app does not have
  await client.get('/v1/nope');
}

// A transformer's output named from the class alone: its fields as sent, each include declared `as const` optional.
class TagTransformer extends Transformer<{ id: number; label: string }> {
  transform(tag: { id: number; label: string }) {
    return { id: tag.id, label: tag.label };
  }
}

class PostTransformer extends Transformer<{ id: number; at: Date; secret: string }> {
  availableIncludes = ['tags', 'main'] as const;
  transform(post: { id: number; at: Date; secret: string }) {
    return { id: post.id, publishedAt: post.at, secret: this.when(post.id > 1, post.secret) };
  }
  includeTags(post: object) {
    return this.collection(this.related(post, 'tags'), new TagTransformer(), 'tags');
  }
  includeMain(post: object) {
    return this.item(this.related(post, 'main'), new TagTransformer());
  }
}

export function transformerOutput(post: TransformerOutput<PostTransformer, 'snake'>) {
  expectTypeOf(post.published_at).toEqualTypeOf<string>();
  expectTypeOf(post.secret).toEqualTypeOf<string | undefined>();
  expectTypeOf(post.tags).toEqualTypeOf<{ data: { id: number; label: string }[] } | undefined>();
  expectTypeOf(post.main).toEqualTypeOf<{ id: number; label: string } | null | undefined>();
  expectTypeOf<ReturnType<PostTransformer['includeTags']>>().toEqualTypeOf<CollectionResource<TagTransformer, 'tags'>>();
}
