import { expect } from 'chai';
import { Book } from '../../example/models';
import { describeError } from '../../src/errors/describeError';
import { onBothFrameworks } from './exampleServer';
import { exampleDatabase, exampleQueries, quoted, testDialect } from '../fixture/database';

/** A book of its own for a destructive test. */
async function scratchBook(): Promise<Book> {
  return Book.create({ title: 'Scratch', description: 'A book to write over', authorId: 1, publisherId: 1 });
}

const row = async (id: number) => (await Book.findByPk(id))?.get({ plain: true });

onBothFrameworks('atomic writes under concurrency', (app) => {
  const put = (id: number, body: unknown, headers: Record<string, string> = {}) =>
    app().get(`/v1/books/${id}`, { method: 'PUT', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const del = (id: number, headers: Record<string, string> = {}) => app().get(`/v1/books/${id}`, { method: 'DELETE', headers });

  it('two concurrent PUTs never leave a row neither client sent (40 trials)', async () => {
    const book = await scratchBook();
    for (let trial = 0; trial < 40; trial++) {
      const answers = await Promise.all([put(book.id, { title: 'Alpha', out_of_print: false }), put(book.id, { title: 'Bravo', out_of_print: true })]);
      expect(answers.map((a) => a.status)).to.deep.equal([200, 200]);
      const { title, outOfPrint } = (await row(book.id))!;
      expect(`${title}/${outOfPrint}`, `trial ${trial}`).to.be.oneOf(['Alpha/false', 'Bravo/true']);
    }
    await Book.destroy({ where: { id: book.id } });
  });

  it('of ten concurrent DELETEs of one row exactly one answers 200, the others 404', async () => {
    for (let trial = 0; trial < 5; trial++) {
      const book = await scratchBook();
      const statuses = (await Promise.all(Array.from({ length: 10 }, () => del(book.id)))).map((r) => r.status).sort();
      expect(statuses).to.deep.equal([200, ...Array(9).fill(404)]);
      expect(await Book.findByPk(book.id)).to.equal(null);
    }
  });

  it('a PUT racing a DELETE answers Updated only when its UPDATE ran before the DELETE, else 404', async () => {
    for (let trial = 0; trial < 15; trial++) {
      const book = await scratchBook();
      let answers: Array<{ status: number }> = [];
      const statements = await exampleQueries(async () => {
        answers = await Promise.all([put(book.id, { title: 'Raced' }), del(book.id)]);
      });
      const updated = statements.findIndex((sql) => sql.includes(`UPDATE ${quoted('books')}`));
      const deleted = statements.findIndex((sql) => sql.includes(`DELETE FROM ${quoted('books')}`));
      expect(answers[1].status).to.equal(200);
      expect(answers[0].status).to.be.oneOf([200, 404]);
      // SQLite runs the statements on one connection in the order they are logged, so there the
      // order proves it; a server's pool runs them side by side, and logging order proves nothing.
      if (testDialect === 'sqlite' && answers[0].status === 200) expect(updated, 'the UPDATE ran first').to.be.within(0, deleted);
      expect(await Book.findByPk(book.id)).to.equal(null);
    }
  });

  it('a PUT after a DELETE of the same row answers 404 and writes nothing', async () => {
    const book = await scratchBook();
    expect((await del(book.id)).status).to.equal(200);
    expect((await put(book.id, { title: 'Too late' })).status).to.equal(404);
    expect(await Book.findByPk(book.id)).to.equal(null);
  });
});

onBothFrameworks('conditional requests: ETag, If-None-Match, If-Match', (app) => {
  const send = (method: string, target: string, headers: Record<string, string>, body?: unknown) =>
    app().get(target, {
      method,
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it('tags item responses; a matching If-None-Match is a 304 with no body on GET and HEAD', async () => {
    const first = await app().get('/v1/books/12');
    const tag = first.headers.get('etag')!;
    expect(tag).to.match(/^"[^"]+"$/);
    expect((await app().get('/v1/books/12')).headers.get('etag')).to.equal(tag);
    for (const method of ['GET', 'HEAD']) {
      const again = await send(method, '/v1/books/12', { 'if-none-match': tag });
      expect([again.status, again.text, again.headers.get('etag')]).to.deep.equal([304, '', tag]);
    }
    const other = await send('GET', '/v1/books/12', { 'if-none-match': '"something-else"' });
    expect([other.status, other.body.id]).to.deep.equal([200, 12]);
    // Another representation of the same book (with an include) is another tag.
    expect((await app().get('/v1/books/12?include=author')).headers.get('etag')).to.not.equal(tag);
  });

  it('PUT with a stale If-Match is a 412 that changes nothing; with the current one it writes', async () => {
    const book = await scratchBook();
    const tag = (await app().get(`/v1/books/${book.id}`)).headers.get('etag')!;
    expect((await send('PUT', `/v1/books/${book.id}`, { 'if-match': tag }, { title: 'First' })).status).to.equal(200);
    const before = await row(book.id);
    const stale = await send('PUT', `/v1/books/${book.id}`, { 'if-match': tag }, { title: 'Second' });
    expect([stale.status, stale.body.error.code]).to.deep.equal([412, 412]);
    expect(stale.body.error.message).to.match(/changed since the ETag given in If-Match/);
    expect(await row(book.id)).to.deep.equal(before);
    const weak = await send(
      'PUT',
      `/v1/books/${book.id}`,
      { 'if-match': `W/${(await app().get(`/v1/books/${book.id}`)).headers.get('etag')}` },
      { title: 'Weak' },
    );
    expect(weak.status, 'a weak tag never matches If-Match').to.equal(412);
    expect((await send('PUT', `/v1/books/${book.id}`, { 'if-match': '*' }, { title: 'Any' })).status).to.equal(200);
    await Book.destroy({ where: { id: book.id } });
  });

  it('DELETE with a stale If-Match is a 412 and the row stays; with the current one it deletes', async () => {
    const book = await scratchBook();
    const stale = (await app().get(`/v1/books/${book.id}`)).headers.get('etag')!;
    await Book.update({ title: 'Changed elsewhere' }, { where: { id: book.id } });
    expect((await send('DELETE', `/v1/books/${book.id}`, { 'if-match': stale })).status).to.equal(412);
    expect(await Book.findByPk(book.id)).to.not.equal(null);
    const current = (await app().get(`/v1/books/${book.id}`)).headers.get('etag')!;
    expect((await send('DELETE', `/v1/books/${book.id}`, { 'if-match': current })).status).to.equal(200);
    expect(await Book.findByPk(book.id)).to.equal(null);
  });

  it('the ETag changes with every stored change, also one the body does not show (author_id): a stale PUT is a 412', async () => {
    const book = await scratchBook();
    const tag = (await app().get(`/v1/books/${book.id}`)).headers.get('etag')!;
    expect((await send('PUT', `/v1/books/${book.id}`, {}, { author_id: 2 })).status).to.equal(200);
    const moved = await app().get(`/v1/books/${book.id}`);
    expect(moved.headers.get('etag')).to.not.equal(tag);
    const stale = await send('PUT', `/v1/books/${book.id}`, { 'if-match': tag }, { author_id: 3 });
    expect(stale.status).to.equal(412);
    expect((await row(book.id))!.authorId).to.equal(2);
    await Book.destroy({ where: { id: book.id } });
  });

  it('If-Match on a missing item is a 412, not a 404', async () => {
    expect((await send('PUT', '/v1/books/999999', { 'if-match': '"abc"' }, { title: 'Nobody' })).status).to.equal(412);
    expect((await send('DELETE', '/v1/books/999999', { 'if-match': '*' })).status).to.equal(412);
    expect((await send('DELETE', '/v1/books/999999', {})).status).to.equal(404);
  });

  it('ten concurrent PUTs with the same current If-Match: exactly one writes, the others 412', async () => {
    const book = await scratchBook();
    const tag = (await app().get(`/v1/books/${book.id}`)).headers.get('etag')!;
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => send('PUT', `/v1/books/${book.id}`, { 'if-match': tag }, { title: `Writer ${i}` })));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).to.have.length(1);
    expect(statuses.filter((s) => s === 412)).to.have.length(9);
    expect((await row(book.id))!.title).to.equal(`Writer ${statuses.indexOf(200)}`);
    await Book.destroy({ where: { id: book.id } });
  });
});

onBothFrameworks('methods the books API does not serve', (app) => {
  it('POST /v1/books/:id is a 405 with Allow, and the row is unchanged', async () => {
    const before = await row(6);
    const res = await app().get('/v1/books/6', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Patched' }),
    });
    expect([res.status, res.headers.get('allow')]).to.deep.equal([405, 'DELETE, GET, HEAD, OPTIONS, PATCH, PUT']);
    expect(await row(6)).to.deep.equal(before);
  });
});

onBothFrameworks('ids beyond the safe integer range', (app) => {
  for (const [label, text] of [
    ['1e300', '{"title":"Huge","author_id":1e300,"publisher_id":1}'],
    ['9007199254740993', '{"title":"Huge","author_id":9007199254740993,"publisher_id":1}'],
  ]) {
    it(`author_id ${label} is a 422 from the validator, not the foreign key's 409, and nothing is written`, async () => {
      const count = await Book.count();
      const created = await app().post('/v1/books', text);
      expect([created.status, Object.keys(created.body.error.message)]).to.deep.equal([422, ['author_id']]);
      const before = await row(5);
      const updated = await app().get('/v1/books/5', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: text });
      expect(updated.status).to.equal(422);
      expect(await row(5)).to.deep.equal(before);
      expect(await Book.count()).to.equal(count);
    });
  }
});

onBothFrameworks('dates and nulls are stored as sent, or refused', (app) => {
  const put = (id: number, body: unknown) =>
    app().get(`/v1/books/${id}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const base = { title: 'Dated', author_id: 1, publisher_id: 1 };

  it('published_at: a real calendar date is stored as that day; null is stored as null, not 1970', async () => {
    const leap = await app().post('/v1/books', { ...base, published_at: '2024-02-29' });
    expect(leap.status, leap.text).to.equal(201);
    expect((await Book.findByPk(leap.body.id))!.publishedAt!.toISOString()).to.equal('2024-02-29T00:00:00.000Z');
    const none = await app().post('/v1/books', { ...base, published_at: null, description: null });
    expect(none.status, none.text).to.equal(201);
    const stored = (await Book.findByPk(none.body.id))!;
    expect([stored.publishedAt, stored.description]).to.deep.equal([null, null]);
    expect((await put(leap.body.id, { published_at: null })).status).to.equal(200);
    expect((await Book.findByPk(leap.body.id))!.publishedAt).to.equal(null);
    await Book.destroy({ where: { id: [leap.body.id, none.body.id] } });
  });

  for (const value of ['2024-02-30', '2023-02-29', '2020-W01', '20200101', '0000-01-01', '2024-01-01T10:00', 'yesterday']) {
    it(`published_at "${value}" is a 422 naming the field, and nothing is written`, async () => {
      const count = await Book.count();
      const created = await app().post('/v1/books', { ...base, published_at: value });
      expect(created.status).to.equal(422);
      expect(created.body.error.message).to.have.keys('published_at');
      const before = await row(5);
      expect((await put(5, { published_at: value })).status).to.equal(422);
      expect(await row(5)).to.deep.equal(before);
      expect(await Book.count()).to.equal(count);
    });
  }

  it('null for a field whose column is not nullable is a 422 naming the request field', async () => {
    const before = await row(5);
    for (const field of ['title', 'out_of_print', 'author_id', 'publisher_id']) {
      const res = await put(5, { [field]: null });
      expect(res.status, field).to.equal(422);
      expect(res.body.error.message, field).to.have.keys(field);
    }
    expect(await row(5)).to.deep.equal(before);
    const created = await app().post('/v1/books', { ...base, out_of_print: null });
    expect([created.status, Object.keys(created.body.error.message)]).to.deep.equal([422, ['out_of_print']]);
  });
});

onBothFrameworks('the write path as a new user writes it: safe defaults of useApi()', (app) => {
  const send = (method: string, target: string, body?: string) =>
    app().get(target, { method, headers: body === undefined ? {} : { 'content-type': 'application/json' }, body });

  it('a POST, PUT or PATCH without a body is a 400, not a 500, and writes nothing', async () => {
    const count = await Book.count();
    const before = await row(5);
    for (const [method, target] of [
      ['POST', '/v1/books'],
      ['PUT', '/v1/books/5'],
      ['PATCH', '/v1/books/5'],
    ]) {
      const res = await send(method, target);
      expect([res.status, res.body.error.message], method).to.deep.equal([400, `${method} needs a request body`]);
    }
    expect(await row(5)).to.deep.equal(before);
    expect(await Book.count()).to.equal(count);
  });

  it('a field the request class does not declare is a 422 naming it, never mass-assigned', async () => {
    const before = await row(5);
    const res = await send('PUT', '/v1/books/5', JSON.stringify({ title: 'Moved', authorId: 7, version: 99 }));
    expect(res.status).to.equal(422);
    // Keys of the body are converted (convert.key); the message names the field as sent.
    expect(res.body.error.message).to.have.keys('author_id', 'version');
    expect(res.body.error.message.author_id).to.deep.equal(['property authorId should not exist']);
    expect(await row(5)).to.deep.equal(before);
  });

  it('an array body for a request class is a 422, not a list validated element by element', async () => {
    const count = await Book.count();
    const res = await send('POST', '/v1/books', JSON.stringify([{ title: 'One', author_id: 1, publisher_id: 1 }]));
    expect([res.status, res.body.error.message]).to.deep.equal([422, 'The request body must be a JSON object']);
    expect(await Book.count()).to.equal(count);
  });
});

describe('describeError() of a Sequelize validation failure', () => {
  it('names the field, never the model: "title cannot be null", not "Book.title cannot be null"', async () => {
    await exampleDatabase();
    const failure: unknown = await Book.build({})
      .validate()
      .then(
        () => null,
        (error: unknown) => error,
      );
    const { status, message } = describeError(failure, false);
    expect(status).to.equal(422);
    expect((message as Record<string, string[]>).title).to.deep.equal(['title cannot be null']);
    expect(JSON.stringify(message)).not.to.include('Book.');
  });
});

onBothFrameworks('a NUL character in a body', (app) => {
  it('is a 422 naming the field, on every database alike, and nothing is written', async () => {
    const before = await Book.count();
    for (const [method, path] of [
      ['POST', '/v1/books'],
      ['PATCH', '/v1/books/3'],
    ]) {
      const res = await app().get(path, {
        method,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'Nul\u0000Title', author_id: 1, publisher_id: 2 }),
      });
      expect(res.status, res.text).to.equal(422);
      expect(res.body.error.message).to.deep.equal({ title: ['title must not contain the NUL character (\\u0000)'] });
    }
    expect(await Book.count()).to.equal(before);
    expect((await Book.findByPk(3))!.title).not.to.include('Nul');
  });
});
