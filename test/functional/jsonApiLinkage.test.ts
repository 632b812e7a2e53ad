import { expect } from 'chai';
import { onBothFrameworks } from './exampleServer';

type ResourceObject = { type: string; id: string; relationships?: Record<string, { data?: unknown }> };

onBothFrameworks(
  'JSON:API full linkage: a resource met in two places carries the relationships of both',
  (app) => {
    it('every book of include=books.author.books links its author, though the deeper level met most of them first', async () => {
      const res = await app().get('/v1/authors/1?include=books.author.books');
      expect(res.status).to.equal(200);
      const books = (res.body.included as ResourceObject[]).filter((resource) => resource.type === 'books');
      const listed = (res.body.data.relationships.books.data as Array<{ id: string }>).map((book) => book.id);
      expect(books.length).to.be.greaterThan(1);
      for (const book of books.filter((resource) => listed.includes(resource.id))) {
        expect(book.relationships?.author?.data, `book ${book.id}`).to.deep.equal({ type: 'authors', id: '1' });
      }
    });

    it('joins an aggregate asked in one place to the relation included in another', async () => {
      const res = await app().get('/v1/publishers/1?include=books.comments:count,books.author.books.comments');
      expect(res.status).to.equal(200);
      const books = (res.body.included as Array<ResourceObject & { relationships: Record<string, { meta?: { count?: number } }> }>).filter(
        (resource) => resource.type === 'books' && (res.body.data.relationships.books.data as Array<{ id: string }>).some((book) => book.id === resource.id),
      );
      for (const book of books) expect(book.relationships.comments.meta?.count, `book ${book.id}`).to.be.a('number');
    });
  },
  { serializer: 'json-api' },
);
