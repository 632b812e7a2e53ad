import { expect } from 'chai';
import { eachFramework } from '../fixture/app';
import { exampleQueries } from '../fixture/database';
import { Book, Comment } from '../../example/models';

/** The comments of a book as the include should pick them: sorted, then offset and limit. */
async function expectedComments(bookId: number, sort: 'createdAt' | 'id', order: 'ASC' | 'DESC', limit: number, offset: number) {
  const rows = await Comment.findAll({ where: { bookId }, order: [[sort, order]], limit, offset });
  return rows.map((row) => Number(row.id));
}

const ids = (list: { data: Array<{ id: number }> }) => list.data.map((item) => item.id);

eachFramework('the include query parameter', (app) => {
  it('includes an item: include=author', async () => {
    const res = await app().get('/v1/books/6?include=author');
    expect(res.body.author).to.deep.equal({ id: 2, name: 'Grace Hopper' });
  });

  it('includes a collection with the default limit 3, newest first', async () => {
    const res = await app().get('/v1/books/5?include=comments');
    expect(ids(res.body.comments)).to.deep.equal(await expectedComments(5, 'createdAt', 'DESC', 3, 0));
    expect(res.body.comments.data).to.have.length(3);
  });

  it('applies limit(n|offset) and sort(key|dir) per parent', async () => {
    const res = await app().get('/v1/books?per_page=12&include=comments:limit(2|1):sort(id|asc)');
    for (const book of res.body.data) {
      expect(ids(book.comments), `book ${book.id}`).to.deep.equal(await expectedComments(book.id, 'id', 'ASC', 2, 1));
    }
  });

  it('accepts the order() alias and limit(n)', async () => {
    const res = await app().get('/v1/books/5?include=comments:order(created_at|asc):limit(1)');
    expect(ids(res.body.comments)).to.deep.equal(await expectedComments(5, 'createdAt', 'ASC', 1, 0));
  });

  it('accepts include[]=a&include[]=b and include=a,b alike', async () => {
    const arrays = await app().get('/v1/books/5?include[]=author&include[]=comments');
    const commas = await app().get('/v1/books/5?include=author,comments');
    expect(arrays.body).to.deep.equal(commas.body);
    expect(arrays.body).to.have.keys('id', 'title', 'published_at', 'created', 'link', 'author', 'comments');
  });

  it('includes nested paths with modifiers on each segment', async () => {
    const res = await app().get('/v1/books/1?include=author.books:limit(2|0):sort(id|asc).comments:limit(1)');
    // Book 1 is John Backus's; his first two books by id are 1 and 13.
    expect(res.body.author.books.data.map((b: { id: number }) => b.id)).to.deep.equal([1, 13]);
    const [first, second] = res.body.author.books.data;
    expect(ids(first.comments)).to.deep.equal(await expectedComments(1, 'createdAt', 'DESC', 1, 0));
    expect(ids(second.comments)).to.deep.equal(await expectedComments(13, 'createdAt', 'DESC', 1, 0));
  });

  it('answers an include that resolves to nothing as null, an empty collection as { data: [] }', async () => {
    // Book 39 has no comments.
    const res = await app().get('/v1/books/39?include=nothing,comments,latest_comment');
    expect(res.body.nothing).to.equal(null);
    expect(res.body.comments).to.deep.equal({ data: [] });
    expect(res.body.latest_comment).to.equal(null);
  });

  it('checks names below a batch include before the action, against the transformer it declares, whatever the data', async () => {
    const before = (await Book.findByPk(2))!.title;
    const cases: Array<[string, string, RegExp]> = [
      // Book 39 has no comments: the data would never reach the name.
      ['GET', '/v1/books/39?include=latest_comment.nope', /"latest_comment.nope": unknown include "nope"; available: none/],
      ['PUT', '/v1/books/2/title?include=latest_comment.nope', /unknown include "nope"; available: none/],
      // An include whose method shows no transformer before it runs, and declares none: nothing below it.
      [
        'GET',
        '/v1/books/1?include=params.author',
        /nothing can be included or excluded below "params": BookTransformer.includeParams\(\) shows its transformer only as it runs/,
      ],
      ['PUT', '/v1/books/2/title?include=params.author', /nothing can be included or excluded below "params"/],
    ];
    for (const [method, target, reason] of cases) {
      const res = await app().get(target, {
        method,
        headers: { 'content-type': 'application/json' },
        body: method === 'PUT' ? JSON.stringify({ title: 'Never written' }) : undefined,
      });
      expect(res.status, `${method} ${target}`).to.equal(400);
      expect(res.body.error.message, `${method} ${target}`).to.match(reason);
    }
    expect((await Book.findByPk(2))!.title, 'the refused PUT wrote nothing').to.equal(before);
    const written = await app().get('/v1/books/2/title?include=latest_comment', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: before }),
    });
    expect(written.status).to.equal(200);
  });

  it('serves a batch include method for all parents at once', async () => {
    const res = await app().get('/v1/books?per_page=12&include=latest_comment');
    for (const book of res.body.data) {
      const [latest] = await expectedComments(book.id, 'createdAt', 'DESC', 1, 0);
      expect(book.latest_comment?.id ?? null, `book ${book.id}`).to.equal(latest ?? null);
    }
  });

  it('hands the include method its params, and the accessors agree', async () => {
    const res = await app().get('/v1/books/1?include=params:limit(7|2):sort(title|asc)');
    const expected = { limit: 7, offset: 2, sort: 'title', order: 'asc' };
    expect(res.body.params).to.deep.equal({ id: 0, params: expected, accessors: expected, via_get: expected, limit_via_get: 7 });
  });

  it('costs the same queries for 2 parents as for 12, one per include level', async () => {
    const path = (perPage: number) => `/v1/books?per_page=${perPage}&include=author,comments:limit(3|0):sort(created_at|desc)`;
    const small = await exampleQueries(() => app().get(path(2)));
    const large = await exampleQueries(() => app().get(path(12)));
    expect(small.length).to.equal(3); // the page with its total, authors, comments
    expect(large.length).to.equal(small.length);
    // One row more than the limit per parent: whether the limit cut the relation.
    expect(large.find((sql) => sql.includes('LIMIT 4 OFFSET 0'))).to.be.a('string');
  });

  it('costs one query per level for nested includes too', async () => {
    const path = (perPage: number) => `/v1/books?per_page=${perPage}&include=author.books:limit(2|0).comments:limit(1|0)`;
    const small = await exampleQueries(() => app().get(path(2)));
    const large = await exampleQueries(() => app().get(path(12)));
    expect(small.length).to.equal(4);
    expect(large.length).to.equal(small.length);
  });

  describe('rejects with 400 and a message naming the parameter and the valid values', () => {
    const cases: Array<[string, RegExp]> = [
      ['foo', /"foo": unknown include "foo"; available: author, comments, latest_comment, nothing, params$/],
      ['author.secrets', /"author\.secrets": unknown include "secrets"; available: books$/],
      ['comments:sort(secret|asc)', /sort key "secret" is not allowed for comments; allowed: .*body.*created_at/],
      ['comments:limit(500)', /limit must be between 0 and 100, got 500/],
      ['comments:limit(-2)', /limit must be a non-negative integer/],
      ['comments:sort(id|sideways)', /sort direction must be asc or desc/],
      ['comments:size(3)', /unknown modifier "size"/],
      ['a.b.c.d.e.f.g.h.i.j.k', /at most 10 levels deep/],
      [Array.from({ length: 21 }, (_, i) => `x${i}`).join(','), /at most 20 include paths/],
      ['comments:limit(3', /is not a modifier/],
    ];
    for (const [include, message] of cases) {
      it(include.length > 40 ? `${include.slice(0, 40)}...` : include, async () => {
        const res = await app().get(`/v1/books?include=${encodeURIComponent(include)}`);
        expect(res.status).to.equal(400);
        expect(res.body.error.code).to.equal(400);
        expect(res.body.error.message)
          .to.match(/^Invalid include parameter /)
          .and.match(message);
      });
    }
  });
});

eachFramework('the sortable allowlist of a transformer', (app) => {
  it('allows only the listed sort keys for that include', async () => {
    const ok = await app().get('/v1/books/1?include=author.books:sort(title|asc):limit(3)');
    const titles = await Book.findAll({ where: { authorId: 10 }, order: [['title', 'ASC']], limit: 3 });
    expect(ok.body.author.books.data.map((b: { title: string }) => b.title)).to.deep.equal(titles.map((book) => book.title));
    const refused = await app().get('/v1/books/1?include=author.books:sort(created_at|asc)');
    expect(refused.status).to.equal(400);
    expect(refused.body.error.message).to.match(/sort key "created_at" is not allowed for author\.books; allowed: id, title$/);
  });
});
