import { expect } from 'chai';
import { eachFramework } from '../fixture/app';
import { Book } from '../../example/models';

eachFramework('sortOrder() for a collection that is not paginated', (app) => {
  it('gives findAll the asked order, and the fallback without sort', async () => {
    const ids = async (query: string) => ((await app().get(`/lists/sorted${query}`)).body.data as Array<{ id: number }>).map((book) => book.id);
    const byTitle = (
      await Book.findAll({
        order: [
          ['title', 'DESC'],
          ['id', 'ASC'],
        ],
      })
    ).map((book) => book.id);
    expect(await ids('?sort=-title')).to.deep.equal(byTitle);
    expect(await ids('')).to.deep.equal((await Book.findAll({ order: [['id', 'ASC']] })).map((book) => book.id));
  });

  it('a field @Sortable allows but no attribute backs is a 500 that names no SQL, the cause logged', async () => {
    const before = app().errors.length;
    const res = await app().get('/lists/sorted?sort=missing');
    expect(res.status).to.equal(500);
    expect(res.text).to.not.match(/SELECT|missing/);
    expect(String(app().errors.slice(before))).to.contain('The sort field "missing" is allowed but Book has no attribute');
  });
});
