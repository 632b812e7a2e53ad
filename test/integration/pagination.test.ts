import { expect } from 'chai';
import { eachFramework } from '../fixture/app';

eachFramework('json().withPagination() through paginate()', (app) => {
  it('answers 5 a page, newest first, with pagination meta', async () => {
    const res = await app().get('/v1/books');
    expect(res.body.data.map((b: { id: number }) => b.id)).to.deep.equal([100, 99, 98, 97, 96]);
    expect(res.body.meta.pagination).to.deep.equal({
      total: 100,
      count: 5,
      per_page: 5,
      current_page: 1,
      total_pages: 20,
      links: { next: `${app().url}/v1/books?page=2` },
    });
  });

  it('builds absolute links that keep every other query parameter', async () => {
    const res = await app().get('/v1/books?include=author&page=2&callback_x=1');
    expect(res.body.meta.pagination.links).to.deep.equal({
      previous: `${app().url}/v1/books?include=author&page=1&callback_x=1`,
      next: `${app().url}/v1/books?include=author&page=3&callback_x=1`,
    });
  });

  it('has no next link on the last page', async () => {
    const res = await app().get('/v1/books?page=20');
    expect(res.body.meta.pagination.links).to.deep.equal({ previous: `${app().url}/v1/books?page=19` });
    expect(res.body.data.map((b: { id: number }) => b.id)).to.deep.equal([5, 4, 3, 2, 1]);
  });
});
