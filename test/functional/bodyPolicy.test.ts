import http from 'node:http';
import net from 'node:net';
import zlib from 'node:zlib';
import { expect } from 'chai';
import express from 'express';
import Koa from 'koa';
import { useApi } from '../../src';
import { fixtureControllers } from '../fixture/controllers';
import { Book } from '../../example/models';
import { eachFramework } from '../fixture/app';
import { onBothFrameworks } from './exampleServer';

const BOOK = { title: 'Policy Book', author_id: 1, publisher_id: 1 };
const INTERNALS = /zlib|incorrect header|stack|at \w+ \(|node:internal|SyntaxError/i;

onBothFrameworks('one body policy (body.limit, body.maxDepth, media types, charsets, encodings)', (app) => {
  /** POSTs raw bytes with exactly these headers; the database must hold the same books after a refusal. */
  async function post(body: string | Buffer, headers: Record<string, string>) {
    const before = await Book.count();
    const res = await app().get('/v1/books', { method: 'POST', headers, body });
    if (res.status === 201) await Book.destroy({ where: { id: res.body.id } });
    else expect(await Book.count(), 'nothing written').to.equal(before);
    return res;
  }
  const expectError = (res: { status: number; body: any; text: string }, status: number, message: RegExp) => {
    expect([res.status, res.body?.error?.code], res.text.slice(0, 200)).to.deep.equal([status, status]);
    expect(res.body.error.message).to.match(message);
    expect(res.text).not.to.match(INTERNALS);
  };
  const json = { 'content-type': 'application/json' };

  it('accepts JSON, application/*+json and charset=utf-8', async () => {
    expect((await post(JSON.stringify(BOOK), json)).status).to.equal(201);
    expect((await post(JSON.stringify(BOOK), { 'content-type': 'application/vnd.api+json' })).status).to.equal(201);
    expect((await post(JSON.stringify(BOOK), { 'content-type': 'application/json; charset=UTF-8' })).status).to.equal(201);
  });

  it('2,000 levels of nesting are a 400, also inside a field no one reads', async () => {
    const deep = '['.repeat(2000) + ']'.repeat(2000);
    expectError(await post(`{"title":${deep}}`, json), 400, /nests arrays and objects deeper than 32 levels/);
    expectError(await post(`{"title":"Fine","author_id":1,"publisher_id":1,"unknown":${deep}}`, json), 400, /deeper than 32/);
    // Brackets inside strings are text, not nesting.
    expect((await post(JSON.stringify({ ...BOOK, description: '['.repeat(5000) }), json)).status).to.equal(201);
  });

  it('a charset other than UTF-8 is a 415', async () => {
    expectError(await post(JSON.stringify(BOOK), { 'content-type': 'application/json; charset=bogus' }), 415, /must be UTF-8; got charset "bogus"/);
    expectError(await post(Buffer.from(JSON.stringify(BOOK), 'utf16le'), { 'content-type': 'application/json; charset=utf-16' }), 415, /charset "utf-16"/);
  });

  it('form-encoded, text and untyped bodies are a 415', async () => {
    expectError(
      await post('title=Form+Book&author_id=1&publisher_id=1', { 'content-type': 'application/x-www-form-urlencoded' }),
      415,
      /must be application\/json; got "application\/x-www-form-urlencoded"/,
    );
    expectError(await post(JSON.stringify(BOOK), { 'content-type': 'text/plain' }), 415, /got "text\/plain"/);
    // A Buffer: fetch() labels a string text/plain by itself.
    expectError(await post(Buffer.from(JSON.stringify(BOOK)), {}), 415, /got "none"/);
  });

  it('bodies over body.limit (100 KB) are a 413, measured after decompression', async () => {
    const padded = (size: number) => JSON.stringify({ ...BOOK, description: 'x'.repeat(size) });
    expectError(await post(padded(150 * 1024), json), 413, /larger than the 102400 bytes accepted/);
    expectError(await post(padded(900 * 1024), json), 413, /102400 bytes/);
    const bomb = zlib.gzipSync(padded(5 * 1024 * 1024));
    expect(bomb.length).to.be.below(10 * 1024);
    expectError(await post(bomb, { ...json, 'content-encoding': 'gzip' }), 413, /102400 bytes/);
  });

  it('gzip is decoded; an invalid gzip body is a 400 without zlib text; an unknown encoding a 415', async () => {
    expect((await post(zlib.gzipSync(JSON.stringify(BOOK)), { ...json, 'content-encoding': 'gzip' })).status).to.equal(201);
    expectError(
      await post(Buffer.from('this is not gzip at all'), { ...json, 'content-encoding': 'gzip' }),
      400,
      /^The request body could not be decoded as gzip$/,
    );
    // Brotli's and deflate's decoders name their errors otherwise than gzip's: the same 400.
    for (const encoding of ['br', 'deflate']) {
      const res = await post(Buffer.from('this is not compressed at all'), { ...json, 'content-encoding': encoding });
      expectError(res, 400, new RegExp(`^The request body could not be decoded as ${encoding}$`));
    }
    expectError(await post(JSON.stringify(BOOK), { ...json, 'content-encoding': 'compress' }), 415, /Content-Encoding "compress" is not accepted/);
  });

  it('a __proto__ or constructor key is the same 400 on both frameworks', async () => {
    expectError(await post('{"title":"Proto Book","author_id":1,"publisher_id":1,"__proto__":{"polluted":true}}', json), 400, /key that is never accepted/);
    expectError(await post('{"title":"Proto Book","author_id":1,"publisher_id":1,"constructor":{"prototype":{"polluted":true}}}', json), 400, /never accepted/);
    // class-transformer would drop it silently; the document allows no such key either.
    expectError(await post('{"title":"Proto Book","author_id":1,"publisher_id":1,"constructor":{"x":1}}', json), 400, /never accepted/);
    expect((await post('{"title":"The \\"constructor\\" pattern","author_id":1,"publisher_id":1}', json)).status).to.equal(201);
    expect(({} as Record<string, unknown>).polluted).to.equal(undefined);
  });

  it('malformed JSON is a 400 naming no parser internals', async () => {
    expectError(await post('{"title": "x",', json), 400, /^The request body is not valid JSON$/);
  });
});

eachFramework(
  'body.types and body.limit from the config',
  (app) => {
    it('accepts a form when body.types allows urlencoded, and refuses prototype keys in it', async () => {
      const form = { 'content-type': 'application/x-www-form-urlencoded' };
      expect((await app().post('/r/flags', '_method=PUT', { headers: form })).body).to.deep.equal({ update: true, delete: false });
      expect((await app().post('/r/flags', '__proto__=x', { headers: form })).status).to.equal(400);
    });

    it('applies the configured limit', async () => {
      expect((await app().post('/r/flags', { pad: 'x'.repeat(400) })).status).to.equal(200);
      const res = await app().post('/r/flags', { pad: 'x'.repeat(600) });
      expect([res.status, res.body.error.message]).to.deep.equal([413, 'The request body is larger than the 512 bytes accepted']);
    });
  },
  { body: { limit: 512, types: ['json', 'urlencoded'] } },
);

describe("a body parser of the app's own, mounted before useApi()", () => {
  for (const framework of ['express', 'koa'] as const) {
    it(`keeps its body and does not wait for a stream already read [${framework}]`, async () => {
      const options = { controllers: fixtureControllers, api: { body: { types: ['json', 'urlencoded'] as Array<'json' | 'urlencoded'> } } };
      let listener: http.RequestListener;
      if (framework === 'express') {
        const app = express();
        app.use(express.urlencoded({ extended: false }));
        listener = useApi(app, options);
      } else {
        const app = new Koa();
        app.use(async (ctx, next) => {
          let text = '';
          for await (const chunk of ctx.req) text += chunk;
          (ctx.request as { body?: unknown }).body = Object.fromEntries(new URLSearchParams(text));
          await next();
        });
        const handle = useApi(app, options).callback();
        listener = (req, res) => void handle(req, res);
      }
      const server = http.createServer(listener).listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      try {
        const { port } = server.address() as { port: number };
        const res = await fetch(`http://127.0.0.1:${port}/r/flags`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: '_method=DELETE',
          signal: AbortSignal.timeout(3000),
        });
        expect(await res.json()).to.deep.equal({ update: false, delete: true });
      } finally {
        server.close();
      }
    });
  }
});

/** Sends a POST over a raw socket, writing `chunks` `gap` ms apart; resolves with what came back and when the socket closed. */
function rawPost(url: string, headers: Record<string, string>, chunks: Buffer[], gap: number): Promise<{ head: string; closedAfter: number; sent: number }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let received = '';
    let sent = 0;
    const socket = net.connect(Number(port), hostname);
    socket.on('error', () => undefined);
    socket.on('data', (data: Buffer) => (received += data.toString('latin1')));
    socket.on('close', () => resolve({ head: received.split('\r\n\r\n')[0], closedAfter: Date.now() - started, sent }));
    socket.setTimeout(15_000, () => reject(new Error('the server held the connection')));
    const lines = Object.entries({ host: `${hostname}:${port}`, ...headers }).map(([name, value]) => `${name}: ${value}`);
    socket.write(`POST /v1/books HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
    let i = 0;
    const next = () => {
      if (i >= chunks.length || socket.destroyed) return socket.end();
      socket.write(chunks[i++]);
      sent = i;
      setTimeout(next, gap);
    };
    next();
  });
}

onBothFrameworks(
  'body.timeout and the wire bound of body.limit',
  (app) => {
    it('a body that trickles in is answered 408 after body.timeout and its connection closed', async () => {
      const before = await Book.count();
      const body = Buffer.from(JSON.stringify(BOOK));
      const chunks = [...body].map((byte) => Buffer.from([byte]));
      const res = await rawPost(app().url, { 'content-type': 'application/json', 'content-length': String(body.length) }, chunks, 100);
      expect(res.head).to.match(/^HTTP\/1\.1 408 /);
      expect(res.head.toLowerCase()).to.include('connection: close');
      expect(res.closedAfter).to.be.below(3000);
      expect(res.sent, 'cut off before the whole body was sent').to.be.below(chunks.length);
      expect(await Book.count()).to.equal(before);
    });

    it('a compressed body over body.limit as sent is refused while it arrives, however little it inflates to', async () => {
      // Gzip members of nothing: 20 bytes each on the wire, zero once inflated.
      const empty = zlib.gzipSync(Buffer.alloc(0));
      const chunk = Buffer.concat(Array.from({ length: 1000 }, () => empty));
      // A body that never ends: only a server that refuses it while it arrives can answer at all (one
      // that waited for its end would leave the test to time out), however fast the machine writes.
      const answered = await new Promise<{ status: number; connection?: string }>((resolve, reject) => {
        const { hostname, port } = new URL(app().url);
        let done = false;
        const req = http.request(
          { hostname, port, method: 'POST', path: '/v1/books', headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' } },
          (answer) => {
            done = true;
            answer.resume();
            resolve({ status: answer.statusCode!, connection: answer.headers.connection });
            req.destroy();
          },
        );
        req.on('error', (error) => {
          if (!done) reject(error);
        });
        const pump = () => {
          while (!done) if (!req.write(chunk)) return void req.once('drain', pump);
        };
        pump();
      });
      expect([answered.status, answered.connection]).to.deep.equal([413, 'close']);
    });
  },
  { body: { timeout: 500 } },
);
