import { expect } from 'chai';
import { eachFramework } from '../fixture/app';

eachFramework('@Transformer, @Paginated, @AvailableIncludes through the interceptor', (app) => {
  it('transforms a returned model', async () => {
    const res = await app().get('/v1/books/3');
    expect(res.status).to.equal(200);
    expect(res.body).to.include({ id: 3, title: 'The Concurrent Machine 3' });
    expect(res.body.link.href).to.equal(`${app().url}/v1/books/3`);
  });

  it('transforms a returned array as a collection', async () => {
    const res = await app().get('/lists/array');
    expect(res.body.data.map((b: { id: number }) => b.id)).to.deep.equal([1, 2, 3]);
  });

  it('paginates a Sequelize { rows, count } with page and per_page', async () => {
    const res = await app().get('/lists/rows?page=2&per_page=5');
    expect(res.body.data.map((b: { id: number }) => b.id)).to.deep.equal([6, 7, 8, 9, 10]);
    expect(res.body.meta.pagination).to.deep.include({ total: 100, count: 5, per_page: 5, current_page: 2, total_pages: 20 });
  });

  it('paginates a returned array in memory', async () => {
    const res = await app().get('/lists/memory?page=3');
    expect(res.body.data).to.deep.equal([{ n: 5 }]);
    expect(res.body.meta.pagination).to.deep.include({ total: 5, count: 1, per_page: 2, current_page: 3, total_pages: 3 });
  });

  it('keeps routing-controllers: undefined is a 404, null a 204', async () => {
    const missing = await app().get('/lists/undefined');
    expect(missing.status).to.equal(404);
    expect(missing.body.error.code).to.equal(404);
    const empty = await app().get('/lists/null');
    expect(empty.status).to.equal(204);
  });

  it('leaves undecorated actions exactly as routing-controllers sends them', async () => {
    const res = await app().get('/lists/undecorated');
    expect(res.body).to.deep.equal({ someKey: 'kept as is' });
  });

  it('narrows includes with @AvailableIncludes', async () => {
    expect((await app().get('/v1/books/1/narrowed?include=author')).body.author).to.deep.equal({ id: 10, name: 'John Backus' });
    const refused = await app().get('/v1/books/1/narrowed?include=comments');
    expect(refused.status).to.equal(400);
    expect(refused.body.error.message).to.equal('Invalid include parameter "comments": unknown include "comments"; available: author');
  });

  describe('page and per_page validation', () => {
    for (const query of ['page=0', 'page=-1', 'page=abc', 'page=1.5', 'per_page=0', 'per_page=7', 'per_page=x', 'page=99999999999']) {
      it(`answers 400 for ${query}`, async () => {
        const res = await app().get(`/lists/rows?${query}`);
        expect(res.status).to.equal(400);
        expect(res.body.error.message).to.match(/^Invalid pagination parameter "(page|per_page)=.*": must be an integer from 1 to \d+$/);
      });
    }

    it('answers an empty page beyond the last', async () => {
      const res = await app().get('/lists/rows?page=30');
      expect(res.body.data).to.deep.equal([]);
      expect(res.body.meta.pagination).to.deep.include({ count: 0, current_page: 30, total_pages: 25 });
    });
  });
});
