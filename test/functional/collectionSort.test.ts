import { expect } from 'chai';
import { Order } from 'sequelize';
import { Author, Book } from '../../example/models';
import { onBothFrameworks } from './exampleServer';
import { exampleQueries, quoted } from '../fixture/database';
import { PUBLISHED } from '../fixture/seededRows';

const ids = (body: { data: Array<{ id: number }> }) => body.data.map((item) => item.id);
const bookIds = async (order: Order, where = {}) => (await Book.findAll({ where: { ...PUBLISHED, ...where }, order, limit: 100 })).map((book) => book.id);

onBothFrameworks('?sort= on collection routes (@Sortable)', (app) => {
  it('orders a page by the asked fields, - for descending, the primary key last', async () => {
    const cases: Array<[string, Order]> = [
      [
        'title',
        [
          ['title', 'ASC'],
          ['id', 'ASC'],
        ],
      ],
      [
        '-published_at,title',
        [
          ['publishedAt', 'DESC'],
          ['title', 'ASC'],
          ['id', 'ASC'],
        ],
      ],
      [
        '-created',
        [
          ['createdAt', 'DESC'],
          ['id', 'ASC'],
        ],
      ],
    ];
    for (const [sort, order] of cases) {
      const res = await app().get(`/v1/books?sort=${sort}&per_page=100`);
      expect(res.status, sort).to.equal(200);
      expect(ids(res.body), sort).to.deep.equal(await bookIds(order));
    }
  });

  it('applies the order in SQL, in the page query, and keeps the action own order without sort', async () => {
    const sql = await exampleQueries(() => app().get('/v1/books?sort=-title'));
    const page = sql.find((s) => s.includes(`FROM ${quoted('books')}`) && s.includes('LIMIT'))!;
    expect(page).to.contain(`ORDER BY ${quoted('Book')}.${quoted('title')} DESC, ${quoted('Book')}.${quoted('id')} ASC`);
    const unsorted = await app().get('/v1/books?per_page=100');
    expect(ids(unsorted.body)).to.deep.equal(
      await bookIds([
        ['createdAt', 'DESC'],
        ['id', 'DESC'],
      ]),
    );
  });

  it('keeps sort in the page links, and sorts the nested route and the authors too', async () => {
    const page = await app().get('/v1/books?sort=title&per_page=2');
    expect(page.body.meta.pagination.links.next).to.contain('sort=title');
    const second = await app().get(
      new URL(page.body.meta.pagination.links.next as string).pathname + new URL(page.body.meta.pagination.links.next as string).search,
    );
    expect(ids(second.body)).to.deep.equal(
      (
        await bookIds([
          ['title', 'ASC'],
          ['id', 'ASC'],
        ])
      ).slice(2, 4),
    );
    const byAuthor = await app().get('/v1/authors/2/books?sort=title&per_page=100');
    expect(ids(byAuthor.body)).to.deep.equal(
      await bookIds(
        [
          ['title', 'ASC'],
          ['id', 'ASC'],
        ],
        { authorId: 2 },
      ),
    );
    const authors = await app().get('/v1/authors?sort=-name&per_page=100');
    expect(ids(authors.body)).to.deep.equal(
      (
        await Author.findAll({
          order: [
            ['name', 'DESC'],
            ['id', 'ASC'],
          ],
        })
      ).map((a) => a.id),
    );
  });

  it('answers 400 for a field not allowed (naming the allowed ones), an empty key, a field twice, sort given twice', async () => {
    const notAllowed = await app().get('/v1/books?sort=description');
    expect([notAllowed.status, notAllowed.body.error.message]).to.deep.equal([
      400,
      'Invalid sort parameter "sort=description": "description" cannot be sorted by here; allowed: title, published_at, created',
    ]);
    for (const query of ['sort=', 'sort=title,-title', 'sort=title&sort=created', 'sort=ti%20tle']) {
      expect((await app().get(`/v1/books?${query}`)).status, query).to.equal(400);
    }
  });

  it('a route without @Sortable ignores sort outside json-api mode', async () => {
    const res = await app().get('/v1/publishers?sort=-name');
    expect(res.status).to.equal(200);
    expect(ids(res.body)).to.deep.equal([...ids(res.body)].sort((a, b) => a - b));
  });
});
