import { expect } from 'chai';
import { Author, Book, Publisher } from '../../example/models';
import { onBothFrameworks } from './exampleServer';
import { PUBLISHED } from '../fixture/seededRows';

const ids = (body: { data: Array<{ id: number }> }) => body.data.map((item) => item.id);

onBothFrameworks('/v1/authors (v1.authors.*)', (app) => {
  it('index pages the 10 authors, 5 a page', async () => {
    const res = await app().get('/v1/authors');
    expect(ids(res.body)).to.deep.equal([1, 2, 3, 4, 5]);
    expect(res.body.meta.pagination).to.include({ total: 10, total_pages: 2 });
  });

  it('show answers one author with its books', async () => {
    const author = await Author.findByPk(4);
    const res = await app().get('/v1/authors/4?include=books:limit(2|0):sort(id|asc)');
    expect(res.body).to.include({ id: 4, name: author!.name, email: author!.email });
    expect(res.body.link.href).to.equal(`${app().url}/v1/authors/4`);
    const books = await Book.findAll({ where: { ...PUBLISHED, authorId: 4 }, order: [['id', 'ASC']], limit: 2 });
    expect(ids(res.body.books)).to.deep.equal(books.map((b) => b.id));
  });

  it("books pages the author's books, newest first", async () => {
    const res = await app().get('/v1/authors/2/books?per_page=3');
    const books = await Book.findAll({ where: { ...PUBLISHED, authorId: 2 }, order: [['createdAt', 'DESC']], limit: 3 });
    expect(ids(res.body)).to.deep.equal(books.map((b) => b.id));
    expect(res.body.meta.pagination.total).to.equal(await Book.count({ where: { ...PUBLISHED, authorId: 2 } }));
  });

  it('answers 404 for a missing author, on show and on books', async () => {
    expect((await app().get('/v1/authors/99')).status).to.equal(404);
    expect((await app().get('/v1/authors/99/books')).status).to.equal(404);
  });
});

onBothFrameworks('/v1/publishers (v1.publishers.*)', (app) => {
  it('index answers the 5 publishers', async () => {
    const res = await app().get('/v1/publishers');
    expect(ids(res.body)).to.deep.equal([1, 2, 3, 4, 5]);
  });

  it('show answers one publisher with include=books', async () => {
    const publisher = await Publisher.findByPk(3);
    const res = await app().get('/v1/publishers/3?include=books');
    expect(res.body).to.include({ id: 3, name: publisher!.name });
    const books = await Book.findAll({ where: { ...PUBLISHED, publisherId: 3 }, order: [['createdAt', 'DESC']], limit: 3 });
    expect(ids(res.body.books)).to.deep.equal(books.map((b) => b.id));
  });

  it('answers 404 for a missing publisher', async () => {
    expect((await app().get('/v1/publishers/99')).body).to.deep.equal({ error: { code: 404, message: 'Publisher 99 was not found' } });
  });
});

onBothFrameworks('GET /v1/authors/:id/profile (composed through the Api service)', (app) => {
  it('combines the author and their latest books from two internal calls', async () => {
    const res = await app().get('/v1/authors/3/profile');
    const author = await Author.findByPk(3);
    const books = await Book.findAll({ where: { ...PUBLISHED, authorId: 3 }, order: [['createdAt', 'DESC']], limit: 3 });
    expect(res.status).to.equal(200);
    expect(res.body.author).to.include({ id: 3, name: author!.name });
    expect(res.body.author.link.href).to.equal(`${app().url}/v1/authors/3`);
    expect(res.body.latest_books.map((b: { id: number }) => b.id)).to.deep.equal(books.map((b) => b.id));
    expect(res.body.book_count).to.equal(await Book.count({ where: { ...PUBLISHED, authorId: 3 } }));
  });

  it('passes on the inner 404 for a missing author as the inner route answered it, never naming that route', async () => {
    const res = await app().get('/v1/authors/99/profile');
    const inner = await app().get('/v1/authors/99');
    expect([res.status, res.body]).to.deep.equal([404, inner.body]);
    expect(res.text).not.to.include('/v1/authors/99');
  });
});

onBothFrameworks('GET /v1 (v1.index)', (app) => {
  it('lists every named route with its method and URL', async () => {
    const res = await app().get('/v1');
    expect(res.body.name).to.equal('books-api');
    expect(res.body.links['v1.books.index']).to.deep.equal({ method: 'GET', href: `${app().url}/v1/books` });
    expect(res.body.links['v1.books.show']).to.deep.equal({ method: 'GET', href: `${app().url}/v1/books/{id}` });
    expect(Object.keys(res.body.links)).to.include.members([
      'v1.books.store',
      'v1.books.update',
      'v1.books.destroy',
      'v1.authors.profile',
      'v1.publishers.show',
    ]);
  });
});
