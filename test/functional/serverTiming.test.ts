import { expect } from 'chai';
import { RequestLogRecord, resolveConfig } from '../../src';
import { onBothFrameworks, startExample } from './exampleServer';
import { exampleQueries } from '../fixture/database';
import { Signal } from '../fixture/signal';

interface TimingEntry {
  dur: number;
  desc?: string;
}

/** `db;dur=1.20;desc="3 queries", total;dur=4.00` as `{ db: { dur: 1.2, desc: '3 queries' }, total: ... }`. */
function parseServerTiming(header: string | null): Record<string, TimingEntry> {
  expect(header, 'Server-Timing').to.be.a('string');
  const entries: Record<string, TimingEntry> = {};
  for (const part of header!.split(/,\s*/)) {
    const [name, ...params] = part.split(';');
    const entry: TimingEntry = { dur: NaN };
    for (const param of params) {
      const [key, value] = param.split('=');
      if (key === 'dur') entry.dur = Number(value);
      if (key === 'desc') entry.desc = value.replace(/^"|"$/g, '');
    }
    entries[name] = entry;
  }
  return entries;
}

/** The parts of a request (not total) add up to no more than its total, give or take the rounding of each. */
function expectPartsWithinTotal(timing: Record<string, TimingEntry>): void {
  const parts = Object.entries(timing).filter(([name]) => name !== 'total');
  const sum = parts.reduce((total, [, entry]) => total + entry.dur, 0);
  expect(sum).to.be.at.most(timing.total.dur + 0.01 * parts.length);
  for (const [name, entry] of parts) expect(entry.dur, name).to.be.at.least(0);
}

onBothFrameworks('Server-Timing', (app) => {
  it('times a page with includes: db with the statement count, transform, serialize, within the total', async () => {
    let response!: Awaited<ReturnType<ReturnType<typeof app>['get']>>;
    const statements = await exampleQueries(async () => {
      response = await app().get('/v1/books?per_page=20&include=author,comments:count,genres');
    });
    expect(response.status).to.equal(200);
    const timing = parseServerTiming(response.headers.get('server-timing'));
    expect(Object.keys(timing)).to.include.members(['db', 'transform', 'serialize', 'total']);
    expect(timing.db.desc).to.equal(`${statements.length} queries`);
    expect(timing.db.dur).to.be.greaterThan(0);
    expect(timing.transform.dur).to.be.greaterThan(0);
    expect(timing).not.to.have.property('internal');
    expectPartsWithinTotal(timing);
  });

  it('times the internal calls of a composed route (two calls made together count their overlap once)', async () => {
    const response = await app().get('/v1/authors/1/profile');
    expect(response.status).to.equal(200);
    const timing = parseServerTiming(response.headers.get('server-timing'));
    expect(timing.internal.desc).to.equal('2 calls');
    // The inner requests query the database in contexts of their own: the outer request ran none.
    expect(timing).not.to.have.property('db');
    expectPartsWithinTotal(timing);
    expect(timing.internal.dur).to.be.greaterThan(0);
  });

  it('is on error responses too: a refused query, a failed validation', async () => {
    const refused = await app().get('/v1/books?include=nope');
    expect(refused.status).to.equal(400);
    expect(parseServerTiming(refused.headers.get('server-timing'))).to.have.property('total');
    const invalid = await app().post('/v1/books', { title: 'x' });
    expect(invalid.status).to.equal(422);
    expect(parseServerTiming(invalid.headers.get('server-timing'))).to.have.property('total');
  });
});

describe('Server-Timing switched off', () => {
  for (const framework of ['express', 'koa'] as const) {
    it(`sends no Server-Timing with timing: false, and still the request id [${framework}]`, async () => {
      const running = await startExample(framework, { timing: false });
      try {
        const response = await running.get('/v1/books/1');
        expect(response.status).to.equal(200);
        expect(response.headers.get('server-timing')).to.equal(null);
        expect(response.headers.get('x-request-id')).to.be.a('string');
      } finally {
        await running.close();
      }
    });
  }

  it('is on by default, off by default in production, and API_TIMING decides over both', () => {
    expect(resolveConfig({}, {}).timing).to.equal(true);
    expect(resolveConfig({}, { NODE_ENV: 'production' }).timing).to.equal(false);
    expect(resolveConfig({ timing: true }, { NODE_ENV: 'production' }).timing).to.equal(true);
    expect(resolveConfig({ timing: true }, { API_TIMING: 'false' }).timing).to.equal(false);
    expect(resolveConfig({}, { NODE_ENV: 'production', API_TIMING: '1' }).timing).to.equal(true);
  });
});

describe('the request log on the example', () => {
  for (const framework of ['express', 'koa'] as const) {
    it(`logs one line per request: route template, status, duration, statements, request id [${framework}]`, async () => {
      const lines: RequestLogRecord[] = [];
      const written = new Signal();
      const logger = { info: (record: object) => (lines.push(record as RequestLogRecord), written.notify()), error: () => undefined };
      const running = await startExample(framework, {}, { logger });
      try {
        let response!: Awaited<ReturnType<typeof running.get>>;
        const statements = await exampleQueries(async () => {
          response = await running.get('/v1/books/3?include=author');
        });
        // The line is written when the response has finished, after the client has its answer.
        await written.until(() => lines.length > 0);
        expect(lines).to.have.length(1);
        expect(lines[0]).to.include({
          request_id: response.headers.get('x-request-id'),
          method: 'GET',
          route: '/v1/books/:id',
          status: 200,
          depth: 0,
          statements: statements.length,
        });
        expect(lines[0].duration_ms).to.be.greaterThan(0);
      } finally {
        await running.close();
      }
    });
  }
});
