import { expect } from 'chai';
import { eachFramework } from '../fixture/app';

eachFramework('request helpers', (app) => {
  it('tell the framework and what kind of request this is', async () => {
    const res = await app().get('/r/flags');
    expect(res.body).to.deep.equal({ express: app().framework === 'express', koa: app().framework === 'koa', api: false, update: false, delete: false });
  });

  it('isApiRequest() is true for X-Requested-With: XMLHttpRequest', async () => {
    const res = await app().get('/r/flags', { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
    expect(res.body.api).to.equal(true);
  });

  it('isUpdateRequest() and isDeleteRequest() honour _method and X-HTTP-Method-Override', async () => {
    expect((await app().post('/r/flags?_method=PUT', {})).body).to.deep.equal({ update: true, delete: false });
    expect((await app().post('/r/flags', {}, { headers: { 'X-HTTP-Method-Override': 'DELETE' } })).body).to.deep.equal({ update: false, delete: true });
    expect((await app().post('/r/flags', {})).body).to.deep.equal({ update: false, delete: false });
    expect((await app().post('/r/flags', { _method: 'PATCH' })).body).to.deep.equal({ update: true, delete: false });
    expect((await app().post('/r/flags', { _method: 'delete' })).body).to.deep.equal({ update: false, delete: true });
  });
});

eachFramework(
  'isApiRequest() with endpoint.pattern',
  (app) => {
    it('matches the path against the pattern', async () => {
      expect((await app().get('/r/flags')).body.api).to.equal(true);
    });
  },
  { endpoint: { pattern: 'r/*' } },
);
