import { expect } from 'chai';
import { eachFramework } from '../fixture/app';

eachFramework(
  'JSONP',
  (app) => {
    it('wraps a GET with a valid callback', async () => {
      const res = await app().get('/v1/books/1?callback=app.onBook');
      expect(res.status).to.equal(200);
      expect(res.headers.get('content-type')).to.equal('text/javascript; charset=utf-8');
      expect(res.headers.get('x-content-type-options')).to.equal('nosniff');
      expect(res.text).to.match(/^\/\*\*\/ typeof app\.onBook === 'function' && app\.onBook\(\{"id":1,.*\}\);$/);
      const payload = JSON.parse(res.text.slice(res.text.indexOf('(') + 1, -2));
      expect(payload.title).to.equal('The Hidden Proof 1');
    });

    it('keeps the callback in pagination links', async () => {
      const res = await app().get('/v1/books?callback=cb');
      expect(res.text).to.include(`"next":"${app().url}/v1/books?callback=cb&page=2"`);
    });

    for (const callback of ['alert(1)', 'a-b', 'x'.repeat(129), 'cb;evil()', '', '<script>', 'delete', 'new', 'typeof', 'function.x', 'null', 'await']) {
      it(`answers a bad callback ${JSON.stringify(callback.slice(0, 12))} with a plain JSON 400`, async () => {
        const res = await app().get(`/v1/books/1?callback=${encodeURIComponent(callback)}`);
        expect(res.status).to.equal(400);
        expect(res.headers.get('content-type')).to.equal('application/json; charset=utf-8');
        expect(res.body.error.message).to.match(
          /^Invalid JSONP callback ".*": it must be dotted JavaScript identifiers of at most 128 characters, not starting with a reserved word$/,
        );
      });
    }

    it('accepts a reserved word after a dot, where it is a property name', async () => {
      const res = await app().get('/v1/books/1?callback=handlers.delete');
      expect(res.status).to.equal(200);
      // Compiles the answer (never runs it): it must be valid JavaScript.
      // eslint-disable-next-line @typescript-eslint/no-implied-eval
      expect(new Function('handlers', res.text)).to.be.a('function');
    });

    it('wraps an error body too when the callback is valid', async () => {
      const res = await app().get('/v1/books/9999?callback=cb');
      expect(res.status).to.equal(404);
      expect(res.text).to.match(/^\/\*\*\/ typeof cb === 'function' && cb\(\{"error":\{"code":404,/);
    });

    it('answers POST in plain JSON even with a callback', async () => {
      const res = await app().post('/r/validate?callback=cb', { title: 'ok', author_id: 1 });
      expect(res.headers.get('content-type')).to.equal('application/json; charset=utf-8');
      expect(res.body).to.deep.equal({ title: 'ok' });
    });
  },
  { jsonp: { enabled: true } },
);

eachFramework(
  'JSONP switched off (jsonp.enabled: false)',
  (app) => {
    it('answers plain JSON whatever callback is given, and leaves the parameter alone', async () => {
      for (const callback of ['cb', 'alert(1)']) {
        const res = await app().get(`/v1/books/1?callback=${encodeURIComponent(callback)}`);
        expect(res.status, callback).to.equal(200);
        expect(res.headers.get('content-type')).to.equal('application/json; charset=utf-8');
        expect(res.body.title).to.equal('The Hidden Proof 1');
      }
    });
  },
  { jsonp: { enabled: false } },
);
