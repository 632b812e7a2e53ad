import { expect } from 'chai';
import fc from 'fast-check';
import { Book } from '../../example/models';
import { onBothFrameworks } from './exampleServer';

/** Keys that try to reach prototypes, mixed into generated objects. */
const pollutingKey = fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty');

/** JSON values with the shapes that break naive servers: wrong types, huge strings, deep nesting. */
const hostileValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.string({ minLength: 5_000, maxLength: 20_000 }),
  fc.integer({ min: 1, max: 60 }).map((depth) => JSON.parse('{"a":'.repeat(depth) + '1' + '}'.repeat(depth))),
  fc.constantFrom(-1, 0, 1.5, 2 ** 53, -(2 ** 60), 1e308, '', ' ', '1', 'true', 'null', [], {}),
);

const hostileBody = fc.oneof(
  fc.record(
    {
      title: hostileValue,
      description: hostileValue,
      published_at: hostileValue,
      out_of_print: hostileValue,
      author_id: hostileValue,
      publisher_id: hostileValue,
    },
    { requiredKeys: [] },
  ),
  fc.dictionary(fc.oneof(pollutingKey, fc.string({ maxLength: 10 })), hostileValue, { maxKeys: 6 }),
  hostileValue,
);

/** Raw text bodies that are not JSON at all, or barely. */
const hostileText = fc.oneof(fc.string({ maxLength: 200 }), fc.constantFrom('{', '{"a":}', '[1,', '{"__proto__":{"x":1}}', '\u0000', '{"title": "x"}}'));

function noPollution(): void {
  expect(({} as Record<string, unknown>).x).to.equal(undefined);
  expect(Object.keys(Object.prototype)).to.deep.equal([]);
}

onBothFrameworks(
  'hostile input',
  (app) => {
    let uncaught = 0;
    const onUncaught = () => uncaught++;
    before(() => process.on('unhandledRejection', onUncaught));
    after(() => process.off('unhandledRejection', onUncaught));
    afterEach(() => {
      expect(uncaught, 'unhandled rejections').to.equal(0);
      expect(
        app().errors.filter((e) => (e as { status: number }).status >= 500),
        'server errors',
      ).to.deep.equal([]);
      noPollution();
    });

    it('POST /v1/books with generated bodies: 201 or a 4xx, never a 500, nothing written on failure', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            hostileBody.map((body) => JSON.stringify(body) ?? 'null'),
            hostileText,
          ),
          async (text) => {
            const before = await Book.count();
            const res = await app().post('/v1/books', text);
            expect(res.status, text.slice(0, 200)).to.be.oneOf([201, 400, 413, 415, 422]);
            expect(res.body?.error?.code ?? res.status).to.equal(res.status);
            if (res.status === 201) {
              await Book.destroy({ where: { id: res.body.id } });
            } else {
              expect(await Book.count()).to.equal(before);
            }
          },
        ),
        { numRuns: 150 },
      );
    });

    it('PUT /v1/books/:id with generated bodies: 200 or a 4xx, never a 500, the row unchanged on failure', async () => {
      const original = (await Book.findByPk(20))!.get({ plain: true });
      try {
        await fc.assert(
          fc.asyncProperty(
            fc.oneof(
              hostileBody.map((body) => JSON.stringify(body) ?? 'null'),
              hostileText,
            ),
            async (text) => {
              const before = (await Book.findByPk(20))!.get({ plain: true });
              const res = await app().send('PUT', '/v1/books/20', text);
              expect(res.status, text.slice(0, 200)).to.be.oneOf([200, 400, 413, 415, 422]);
              if (res.status !== 200) expect((await Book.findByPk(20))!.get({ plain: true })).to.deep.equal(before);
            },
          ),
          { numRuns: 120 },
        );
      } finally {
        await Book.update(original, { where: { id: 20 } });
      }
    });

    it('page and per_page: 200 or 400, never anything else', async () => {
      const param = fc.oneof(
        fc.string({ maxLength: 12 }),
        fc.integer({ min: -10, max: 1000 }).map(String),
        fc.constantFrom('1e3', '0x10', '١', ' 2', '2 ', '3.0', '99999999999999999999'),
      );
      await fc.assert(
        fc.asyncProperty(param, param, async (page, perPage) => {
          const res = await app().get(`/v1/books?page=${encodeURIComponent(page)}&per_page=${encodeURIComponent(perPage)}`);
          expect(res.status, `${page} / ${perPage}`).to.be.oneOf([200, 400]);
          if (res.status === 200) expect(res.body.meta.pagination.per_page).to.equal(Number(perPage));
        }),
        { numRuns: 150 },
      );
    });

    it('JSONP callbacks: a guarded call for dotted identifiers, a JSON 400 for anything else', async () => {
      const RESERVED_START =
        /^(?:await|break|case|catch|class|const|continue|debugger|default|delete|do|else|enum|export|extends|false|finally|for|function|if|implements|import|in|instanceof|interface|let|new|null|package|private|protected|public|return|static|super|switch|this|throw|true|try|typeof|var|void|while|with|yield)(?:\.|$)/;
      const identifier = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/;
      const callback = fc.oneof(
        fc.string({ maxLength: 40 }),
        fc.stringMatching(/^[A-Za-z_$][\w$]{0,8}(\.[A-Za-z_$][\w$]{0,8}){0,2}$/),
        fc.constantFrom('a'.repeat(129), 'alert(1)//', 'x;y', '</script>', 'delete', 'in', 'do.x', 'obj.delete'),
      );
      await fc.assert(
        fc.asyncProperty(callback, async (name) => {
          const res = await app().get(`/v1/books/1?callback=${encodeURIComponent(name)}`);
          if (identifier.test(name) && name.length <= 128 && !RESERVED_START.test(name)) {
            expect(res.status).to.equal(200);
            expect(res.text.startsWith(`/**/ typeof ${name} === 'function' && ${name}(`)).to.equal(true);
          } else {
            expect(res.status, JSON.stringify(name)).to.equal(400);
            expect(res.headers.get('content-type')).to.equal('application/json; charset=utf-8');
          }
        }),
        { numRuns: 200 },
      );
    });
  },
  { jsonp: { enabled: true } },
);
