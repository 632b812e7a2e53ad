import { expect } from 'chai';
import { onBothFrameworks } from './exampleServer';
import { exampleQueries, quoted } from '../fixture/database';

/**
 * The column names a logged SELECT reads (the outer select of a window query), without quotes,
 * aliases or the cast of a column read as text (a DATE on PostgreSQL), nor the page's total read beside them.
 */
function selectedColumns(sql: string): string[] {
  const list = /SELECT (.*?)(?:, \(SELECT count\(\*\).*?\) AS [`"]?__rca_total[`"]?)? FROM /.exec(sql)![1];
  return list.split(', ').map((column) =>
    column
      .split(' AS ')[0]
      .replace(/[`"]/g, '')
      .replace(/::text$/, '')
      .replace(/^__rca_rows\./, ''),
  );
}

const queryOf = (sql: string[], table: string, extra = '') =>
  sql.find((s) => s.includes(`FROM ${quoted(table)}`) && s.includes(extra) && !/^(Executing \(\w+\): )?SELECT count\(/.test(s))!;

onBothFrameworks('sparse fieldsets (fields[type]=...) through the books API', (app) => {
  it('keeps only the asked fields of each type (the id always), wherever the type appears', async () => {
    const res = await app().get('/v1/books?include=author,comments,publisher&fields[books]=title,author,publisher&fields[authors]=name&fields[comments]=body');
    expect(res.status).to.equal(200);
    for (const book of res.body.data) {
      expect(Object.keys(book)).to.have.members(['id', 'title', 'author', 'publisher']);
      expect(Object.keys(book.author)).to.have.members(['id', 'name']);
      expect(Object.keys(book.publisher)).to.include.members(['id', 'name', 'created', 'link']);
    }
  });

  it('relationship names are fields: an include the fieldset leaves out is not sent', async () => {
    const res = await app().get('/v1/books/1?include=author,comments&fields[books]=title,comments');
    expect(Object.keys(res.body)).to.have.members(['id', 'title', 'comments']);
  });

  it('an empty fieldset sends the id alone; names match in any spelling', async () => {
    const empty = await app().get('/v1/books?fields[books]=');
    expect(empty.body.data[0]).to.deep.equal({ id: empty.body.data[0].id });
    const camel = await app().get('/v1/books/1?fields[books]=publishedAt,out_of_print');
    expect(Object.keys(camel.body)).to.have.members(['id', 'published_at', 'out_of_print']);
  });

  it('narrows the SQL: the page query and the batched include queries select the asked columns and the keys only', async () => {
    const target = '/v1/books?include=author,comments&fields[books]=title,created&fields[authors]=name&fields[comments]=body';
    const sql = await exampleQueries(() => app().get(target));
    expect(selectedColumns(queryOf(sql, 'books', 'LIMIT'))).to.have.members(['id', 'author_id', 'publisher_id', 'title', 'created_at']);
    expect(selectedColumns(queryOf(sql, 'authors'))).to.have.members(['id', 'name']);
    // The comments' own columns, the foreign key their parents are matched by, and the sort key.
    const comments = sql.find((s) => s.includes(`FROM ${quoted('comments')}`))!;
    expect(selectedColumns(comments)).to.have.members(['id', 'book_id', 'body', 'created_at']);
    const full = await exampleQueries(() => app().get('/v1/books?include=author'));
    expect(selectedColumns(queryOf(full, 'books', 'LIMIT'))).to.include.members(['description', 'published_at', 'out_of_print']);
    expect(selectedColumns(queryOf(full, 'authors'))).to.include('email');
  });

  it('without a fieldset, reads the columns the schema fields need and the keys, nothing no field sends', async () => {
    const sql = await exampleQueries(() => app().get('/v1/books?include=author,comments'));
    const book = ['id', 'title', 'description', 'published_at', 'out_of_print', 'created_at', 'draft', 'editor_id', 'cost', 'author_id', 'publisher_id'];
    // Anonymous: the policy leaves the staff-only columns out as well.
    const hidden = ['draft', 'editor_id', 'cost'];
    expect(selectedColumns(queryOf(sql, 'books', 'LIMIT'))).to.have.members(book.filter((column) => !hidden.includes(column)));
    expect(selectedColumns(queryOf(sql, 'authors'))).to.have.members(['id', 'name', 'email', 'created_at']);
    expect(selectedColumns(sql.find((s) => s.includes(`FROM ${quoted('comments')}`))!)).to.have.members(['id', 'book_id', 'body', 'rating', 'created_at']);
  });

  it('narrowed rows still answer the same values for the fields asked', async () => {
    const whole = await app().get('/v1/books?include=author&per_page=20');
    const narrow = await app().get('/v1/books?include=author&per_page=20&fields[books]=title,created,author&fields[authors]=email');
    whole.body.data.forEach((book: Record<string, any>, i: number) => {
      expect(narrow.body.data[i]).to.deep.equal({
        id: book.id,
        title: book.title,
        created: book.created,
        author: { id: book.author.id, email: book.author.email },
      });
    });
  });

  it('answers 400 for a field the type does not have, naming the allowed ones, and for malformed fields', async () => {
    const unknown = await app().get('/v1/books?fields[books]=title,isbn');
    expect(unknown.status).to.equal(400);
    expect(unknown.body.error.message).to.equal(
      'Invalid fields parameter "fields[books]": "isbn" is not a field of books; allowed: id, title, description, published_at, out_of_print, created, link, author, publisher, comments, genres',
    );
    const nested = await app().get('/v1/books?include=author&fields[authors]=title');
    expect([nested.status, nested.body.error.message]).to.deep.equal([400, nested.body.error.message]);
    expect(nested.body.error.message).to.contain('"title" is not a field of authors');
    // The transformer declares its fields: an empty page refuses an unknown one all the same.
    const empty = await app().get('/v1/books?page=1000&fields[books]=isbn');
    expect([empty.status, empty.body.error?.message]).to.deep.equal([400, unknown.body.error.message]);
    for (const query of ['fields=title', 'fields[books]=a%20b', 'fields[books]=a&fields[books]=b']) {
      expect((await app().get(`/v1/books?${query}`)).status, query).to.equal(400);
    }
  });
});

onBothFrameworks(
  'sparse fieldsets in the data-array serializer',
  (app) => {
    it('trims items wrapped in data, their includes too', async () => {
      const res = await app().get('/v1/books/1?include=author&fields[books]=title,author&fields[authors]=name');
      expect(res.body).to.deep.equal({
        data: { id: 1, title: res.body.data.title, author: { data: { id: res.body.data.author.data.id, name: res.body.data.author.data.name } } },
      });
    });
  },
  { serializer: 'data-array' },
);
