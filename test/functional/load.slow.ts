import { expect } from 'chai';
import v8 from 'node:v8';
import vm from 'node:vm';
import { Book } from '../../example/models';
import { onBothFrameworks } from './exampleServer';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

const REQUESTS = 1200;
const CONCURRENCY = 20;
const DEADLINE_MS = 60_000;

interface Round {
  statuses: Map<string, number>;
  unexpected: string[];
}

/** Open handles: sockets (a keep-alive pool: their number varies) and everything else (must not grow). */
function activeHandles(): { sockets: number; others: number } {
  const handles = (process as unknown as { _getActiveHandles(): object[] })._getActiveHandles();
  const sockets = handles.filter((handle) => handle.constructor.name === 'Socket').length;
  return { sockets, others: handles.length - sockets };
}

onBothFrameworks('load: mixed reads, writes and internal calls', (app) => {
  /** One bounded round: REQUESTS requests, CONCURRENCY at a time, stopped by a deadline in any case. */
  async function round(): Promise<Round> {
    const result: Round = { statuses: new Map(), unexpected: [] };
    const kinds: Array<[string, number, (i: number) => Promise<number>]> = [
      ['page with includes', 200, async () => (await app().get('/v1/books?include=author,comments:limit(2|0)')).status],
      ['one book', 200, async (i) => (await app().get(`/v1/books/${1 + (i % 100)}?include=publisher`)).status],
      ['profile (internal calls)', 200, async (i) => (await app().get(`/v1/authors/${1 + (i % 10)}/profile`)).status],
      [
        'write then delete',
        200,
        async (i) => {
          const created = await app().post('/v1/books', { title: `Load ${i}`, author_id: 1 + (i % 10), publisher_id: 1 + (i % 5) });
          if (created.status !== 201) return created.status;
          return (await app().send('DELETE', `/v1/books/${created.body.id}`)).status;
        },
      ],
      ['bad page', 400, async () => (await app().get('/v1/books?page=abc')).status],
      ['unknown route', 404, async () => (await app().get('/nowhere')).status],
    ];
    const deadline = Date.now() + DEADLINE_MS;
    let next = 0;
    const worker = async () => {
      while (next < REQUESTS && Date.now() < deadline) {
        const i = next++;
        const [name, expected, send] = kinds[i % kinds.length];
        const status = await send(i);
        result.statuses.set(name, (result.statuses.get(name) ?? 0) + 1);
        if (status !== expected) result.unexpected.push(`${name}: ${status}`);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    return result;
  }

  it(`${REQUESTS} requests twice: no unexpected status, no unhandled rejection, no growth of handles or memory`, async function () {
    this.timeout(2 * DEADLINE_MS + 10_000);
    let unhandled = 0;
    const onUnhandled = () => unhandled++;
    process.on('unhandledRejection', onUnhandled);
    const books = await Book.count();
    try {
      const warm = await round();
      gc();
      const handlesAfterWarm = activeHandles();
      const heapAfterWarm = process.memoryUsage().heapUsed;
      const measured = await round();
      gc();
      expect(warm.unexpected, 'unexpected statuses in the first round').to.deep.equal([]);
      expect(measured.unexpected, 'unexpected statuses in the second round').to.deep.equal([]);
      expect([...measured.statuses.values()].reduce((a, b) => a + b, 0)).to.equal(REQUESTS);
      expect(unhandled).to.equal(0);
      const handles = activeHandles();
      expect(handles.others, 'open handles other than sockets').to.be.at.most(handlesAfterWarm.others);
      // Client and server ends of at most one keep-alive connection per worker, plus the listener's.
      expect(handles.sockets, 'open sockets').to.be.at.most(2 * CONCURRENCY + 4);
      expect(process.memoryUsage().heapUsed - heapAfterWarm, 'heap growth in bytes').to.be.below(16 * 1024 * 1024);
      expect(app().errors.filter((e) => (e as { status: number }).status >= 500)).to.deep.equal([]);
      expect(await Book.count()).to.equal(books);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
