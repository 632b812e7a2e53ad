import http from 'node:http';
import { expect } from 'chai';
import { Book } from '../../example/models';
import { onBothFrameworks } from './exampleServer';

/** node:http, so that Host and X-Forwarded-* go out exactly as written. */
function rawGet(
  base: string,
  path: string,
  headers: Record<string, string>,
  method = 'GET',
  body?: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: any }> {
  return new Promise((resolve, reject) => {
    const req = http.request(base + path, { method, headers }, (res) => {
      let text = '';
      res
        .setEncoding('utf8')
        .on('data', (chunk) => (text += chunk))
        .on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text ? JSON.parse(text) : undefined }));
    });
    req.on('error', reject).end(body);
  });
}

onBothFrameworks('links from the request (no app.url, no trustProxy)', (app) => {
  it('refuses a malformed Host with a 400 instead of copying it into links', async () => {
    for (const host of ['evil.example/x?', 'a b', 'evil.example#', 'x@evil.example', '"quoted"']) {
      const res = await rawGet(app().url, '/v1/books/1', { host });
      expect([res.status, res.body.error.message], host).to.deep.equal([400, 'The Host header is not a valid host name']);
    }
  });

  it('uses a well-formed Host, and ignores X-Forwarded-* from clients', async () => {
    const res = await rawGet(app().url, '/v1/books/1', { host: 'books.example:8080', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' });
    expect(res.body.link.href).to.equal('http://books.example:8080/v1/books/1');
  });
});

onBothFrameworks(
  'links with app.url',
  (app) => {
    it('every absolute link and Location uses app.url, whatever the Host says', async () => {
      const item = await rawGet(app().url, '/v1/books/1', { host: 'other.example' });
      expect(item.body.link.href).to.equal('https://api.example.com/base/v1/books/1');
      const page = await rawGet(app().url, '/v1/books?page=2', { host: 'other.example' });
      expect(page.body.meta.pagination.links.next).to.equal('https://api.example.com/base/v1/books?page=3');
      const created = await rawGet(
        app().url,
        '/v1/books',
        { host: 'other.example', 'content-type': 'application/json' },
        'POST',
        JSON.stringify({ title: 'Linked', author_id: 1, publisher_id: 1 }),
      );
      expect(created.headers.location).to.equal(`https://api.example.com/base/v1/books/${created.body.id}`);
      await Book.destroy({ where: { id: created.body.id } });
    });
  },
  { app: { url: 'https://api.example.com/base/' } },
);

onBothFrameworks(
  'links behind a proxy (trustProxy)',
  (app) => {
    it('take protocol and host from X-Forwarded-Proto and X-Forwarded-Host (first values)', async () => {
      const res = await rawGet(app().url, '/v1/books/1', { 'x-forwarded-proto': 'https, http', 'x-forwarded-host': 'api.example.com, lb.internal' });
      expect(res.body.link.href).to.equal('https://api.example.com/v1/books/1');
      const plain = await rawGet(app().url, '/v1/books/1', {});
      expect(plain.body.link.href).to.equal(`${app().url}/v1/books/1`);
    });

    it('refuse a malformed X-Forwarded-Host', async () => {
      expect((await rawGet(app().url, '/v1/books/1', { 'x-forwarded-host': 'evil.example/x?' })).status).to.equal(400);
    });
  },
  { trustProxy: true },
);
