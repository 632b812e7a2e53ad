import { expect } from 'chai';
import { Container } from 'typedi';
import { Api, ApiError, InternalHttpError } from '../../src';
import { Book } from '../../example/models';
import { onBothFrameworks } from './exampleServer';
import { ADDED_BY_TESTS } from '../fixture/seededRows';

const NEW_BOOK = { title: 'Transactional Tales', author_id: 1, publisher_id: 2 };

/** The books whose title starts with `prefix`, read outside any transaction. */
const titled = async (prefix: string) => (await Book.findAll({ attributes: ['title'] })).map((b) => b.title).filter((t) => t.startsWith(prefix));

onBothFrameworks('Api#transaction()', (app) => {
  // The seeded 100 books are what other suites read: what this one writes goes again.
  afterEach(() => Book.destroy({ where: ADDED_BY_TESTS }));

  const api = () => Container.get(Api).forApp(app().app);

  it('commits the writes of several internal calls together; a read inside sees the writes before the commit', async () => {
    const prefix = `Commit ${app().framework}`;
    const seen = await api().transaction(async (tx) => {
      const created = await tx.post<{ id: number }>('/v1/books', { ...NEW_BOOK, title: `${prefix} one` });
      await tx.put(`/v1/books/${created.id}`, { title: `${prefix} one, revised` });
      await tx.post('/v1/books', { ...NEW_BOOK, title: `${prefix} two` });
      return tx.get<{ title: string }>(`/v1/books/${created.id}`);
    });
    expect(seen.title).to.equal(`${prefix} one, revised`);
    expect((await titled(prefix)).sort()).to.deep.equal([`${prefix} one, revised`, `${prefix} two`]);
  });

  it('rolls back the first two writes when the third call fails, and throws its failure', async () => {
    const prefix = `Rollback ${app().framework}`;
    const before = await Book.count();
    const failure = await api()
      .transaction(async (tx) => {
        await tx.post('/v1/books', { ...NEW_BOOK, title: `${prefix} one` });
        await tx.post('/v1/books', { ...NEW_BOOK, title: `${prefix} two` });
        await tx.post('/v1/books', { ...NEW_BOOK, title: 'x' });
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(failure).to.be.instanceOf(InternalHttpError);
    expect((failure as InternalHttpError).status).to.equal(422);
    expect(await Book.count()).to.equal(before);
    expect(await titled(prefix)).to.deep.equal([]);
  });

  it('rolls back when a call answered 4xx, even though the work caught it and went on', async () => {
    const prefix = `Caught ${app().framework}`;
    const failure = await api()
      .transaction(async (tx) => {
        await tx.post('/v1/books', { ...NEW_BOOK, title: `${prefix} one` });
        const missing = await tx.request({ method: 'PUT', url: '/v1/books/999999', body: { title: 'Nobody' } });
        expect(missing.status).to.equal(404);
        await tx.get('/v1/books/1').catch(() => undefined);
        return 'finished';
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect((failure as InternalHttpError).status).to.equal(404);
    expect(await titled(prefix)).to.deep.equal([]);
  });

  it("throws a failed call's own answer to relay: an action that lets it go answers the inner status and error body, field errors and all", async () => {
    const failure = await api()
      .transaction((tx) => tx.post('/v1/books', { ...NEW_BOOK, title: 'x', author_id: 999999 }))
      .catch((error: unknown) => error);
    expect(failure).to.be.instanceOf(InternalHttpError);
    const relayed = (failure as InternalHttpError).relayedBody as { error: { code: number; message: Record<string, string[]> } };
    expect(relayed).to.deep.equal((failure as InternalHttpError).body);
    expect(relayed.error.code).to.equal(422);
    expect(Object.keys(relayed.error.message).sort()).to.deep.equal(['author_id', 'title']);
  });

  it('rolls back when the work throws', async () => {
    const prefix = `Thrown ${app().framework}`;
    const failure = await api()
      .transaction(async (tx) => {
        await tx.post('/v1/books', { ...NEW_BOOK, title: `${prefix} one` });
        throw new Error('changed my mind');
      })
      .catch((error: Error) => error);
    expect(failure.message).to.equal('changed my mind');
    expect(await titled(prefix)).to.deep.equal([]);
  });

  it('refuses a remote call inside (409, nothing written) unless allowRemote, and a nested transaction joins the outer one', async () => {
    const prefix = `Remote ${app().framework}`;
    const refused = await api()
      .transaction(async (tx) => {
        await tx.post('/v1/books', { ...NEW_BOOK, title: `${prefix} one` });
        await tx.get('http://127.0.0.1:9/nothing');
      })
      .catch((error: unknown) => error);
    expect(refused).to.be.instanceOf(ApiError);
    expect(refused).to.include({ code: 'RCA_TRANSACTION_REMOTE', status: 409 });
    expect(await titled(prefix)).to.deep.equal([]);

    const allowed = await api()
      .transaction((tx) => tx.get('http://127.0.0.1:9/nothing'), { allowRemote: true })
      .catch((error: unknown) => error);
    expect(allowed).to.include({ code: 'RCA_UPSTREAM_UNREACHABLE' });

    const nested = await api()
      .transaction(async (tx) => {
        await tx.post('/v1/books', { ...NEW_BOOK, title: `${prefix} outer` });
        await tx.transaction((inner) => inner.post('/v1/books', { ...NEW_BOOK, title: `${prefix} inner` }));
        throw new Error('undo both');
      })
      .catch((error: Error) => error.message);
    expect(nested).to.equal('undo both');
    expect(await titled(prefix)).to.deep.equal([]);
  });
});
