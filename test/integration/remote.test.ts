import { expect } from 'chai';
import { Api, ApiConfigInput, ApiError, InternalHttpError } from '../../src';
import { createContext } from '../../src/context/createContext';
import { requestStorage } from '../../src/context/RequestContext';
import { apiStateOf } from '../../src/context/appRegistry';
import { FRAMEWORKS, RunningApp, startFixture } from '../fixture/app';
import { rejection } from '../fixture/rejection';
import { closedPort, startUpstream, Upstream } from '../fixture/upstream';

for (const framework of FRAMEWORKS) {
  describe(`Api: remote requests [${framework}]`, () => {
    let upstream: Upstream;
    let other: Upstream;
    const apps: RunningApp[] = [];

    before(async () => {
      upstream = await startUpstream();
      other = await startUpstream();
    });
    after(async () => {
      await Promise.all(apps.map((app) => app.close()));
      await upstream.close();
      await other.close();
    });

    async function appWith(api: ApiConfigInput = {}): Promise<RunningApp> {
      const app = await startFixture(framework, api);
      apps.push(app);
      return app;
    }
    const apiOf = (app: RunningApp) => new Api().forApp(app.app);

    it('an absolute URL goes out through axios, with the same verbs', async () => {
      const api = apiOf(await appWith());
      const echoed = await api.post<{ method: string; body: string; headers: Record<string, string> }>(`${upstream.url}/echo`, { title: 'T' });
      expect(echoed.method).to.equal('POST');
      expect(JSON.parse(echoed.body)).to.deep.equal({ title: 'T' });
      expect(await api.get(`${upstream.url}/echo`, { q: 'x' })).to.have.property('url', '/echo?q=x');
      expect(await api.get(`${upstream.url}/text`)).to.equal('plain words');
    });

    it("never forwards the calling request's credentials", async () => {
      const app = await appWith();
      const res = await app.get(`/iso/call/get?target=${encodeURIComponent(`${upstream.url}/echo`)}`, {
        headers: { authorization: 'Bearer outer', cookie: 'session=outer' },
      });
      expect(res.body.ok).to.equal(true);
      expect(res.body.body.headers).not.to.have.any.keys('authorization', 'cookie');
    });

    it('rejects a 4xx/5xx with InternalHttpError, as for internal calls', async () => {
      const api = apiOf(await appWith());
      const failure = await rejection(api.get(`${upstream.url}/status/418`));
      expect(failure).to.be.instanceOf(InternalHttpError);
      expect([failure.status, failure.body]).to.deep.equal([418, { error: { code: 418, message: 'upstream says no' } }]);
      expect(failure.headers['content-type']).to.equal('application/json');
      const response = await api.request({ method: 'GET', url: `${upstream.url}/status/503` });
      expect(response.status).to.equal(503);
    });

    it('answers 504 after remote.timeout and 502 when the host cannot be reached', async () => {
      const api = apiOf(await appWith({ remote: { timeout: 200 } }));
      const slow = await rejection(api.get(`${upstream.url}/slow`));
      expect([slow.constructor.name, slow.status, slow.code]).to.deep.equal(['InternalHttpError', 504, 'RCA_UPSTREAM_TIMEOUT']);
      const down = await rejection(api.get(`http://127.0.0.1:${await closedPort()}/echo`));
      expect([down.status, down.code, down.body]).to.deep.equal([502, 'RCA_UPSTREAM_UNREACHABLE', { error: { code: 502, message: 'Bad Gateway' } }]);
    });

    it('answers 502 for a body that claims JSON and is not', async () => {
      const failure = await rejection(apiOf(await appWith()).get(`${upstream.url}/garbage`));
      expect([failure.status, failure.code]).to.deep.equal([502, 'RCA_UPSTREAM_INVALID']);
    });

    it('refuses hosts outside remote.allowedHosts before connecting', async () => {
      const api = apiOf(await appWith({ remote: { allowedHosts: [other.host] } }));
      const before = upstream.seen.length;
      const refused = await rejection(api.get(`${upstream.url}/echo`));
      expect(refused).to.be.instanceOf(ApiError).with.property('code', 'RCA_REMOTE_REFUSED');
      expect(refused.message).to.match(/is not in remote\.allowedHosts/);
      expect(upstream.seen.length).to.equal(before);
      expect(await api.get(`${other.url}/echo`)).to.have.property('method', 'GET');
    });

    for (const url of [
      '//127.0.0.1/echo',
      '\\\\127.0.0.1/echo',
      '/\\127.0.0.1/echo',
      'ftp://127.0.0.1/x',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'http://',
    ]) {
      it(`refuses ${url}`, async () => {
        const api = apiOf(await appWith());
        const refused = await rejection(api.invokeRemote(url, 'GET'));
        expect(refused).to.be.instanceOf(ApiError).with.property('code', 'RCA_REMOTE_REFUSED');
        if (url.startsWith('//') || url.startsWith('\\')) expect(await rejection(api.get(url))).to.have.property('code', 'RCA_REMOTE_REFUSED');
      });
    }

    it('does not follow redirects: a 3xx resolves with its body, the target is never called', async () => {
      const api = apiOf(await appWith());
      const before = other.seen.length;
      const response = await api.request({ method: 'GET', url: `${upstream.url}/redirect?to=${encodeURIComponent(`${other.url}/echo`)}` });
      expect(response.status).to.equal(302);
      expect(response.body).to.deep.equal({ moved: true });
      expect(other.seen.length).to.equal(before);
    });

    describe('with remote.baseUrl and credentials (the axios SSRF regressions)', () => {
      let api: Api;
      before(async () => {
        api = apiOf(await appWith({ remote: { baseUrl: `${upstream.url}/api`, headers: { authorization: 'Bearer base-token' } } }));
      });

      it('resolves a path against the base URL and sends its credentials to that origin', async () => {
        const echoed = await api.invokeRemote<{ url: string; headers: Record<string, string> }>('/echo', 'GET', { q: 1 });
        expect(echoed.url).to.equal('/api/echo?q=1');
        expect(echoed.headers.authorization).to.equal('Bearer base-token');
        const failure = await rejection(api.invokeRemote('status/404', 'GET'));
        expect(failure.status).to.equal(404);
        expect(upstream.seen[upstream.seen.length - 1]).to.deep.include({ url: '/api/status/404' });
      });

      it('an absolute URL to another host carries none of them', async () => {
        const echoed = await api.invokeRemote<{ headers: Record<string, string> }>(`${other.url}/echo`, 'GET');
        expect(echoed.headers).not.to.have.property('authorization');
      });

      it('refuses URLs with userinfo (user:password@host), which axios would send as credentials', async () => {
        const before = other.seen.length;
        const refused = await rejection(api.invokeRemote(`http://${upstream.host}@${other.host}/echo`, 'GET'));
        expect(refused).to.have.property('code', 'RCA_REMOTE_REFUSED');
        expect(refused.message).to.match(/credentials in the URL are not sent/);
        expect(other.seen.length).to.equal(before);
      });

      it('a protocol-relative or dotted path cannot leave the base URL', async () => {
        const before = { other: other.seen.length, upstream: upstream.seen.length };
        expect(await rejection(api.invokeRemote(`//${other.host}/echo`, 'GET'))).to.have.property('code', 'RCA_REMOTE_REFUSED');
        expect(await rejection(api.invokeRemote('/../echo', 'GET'))).to.have.property('code', 'RCA_REMOTE_REFUSED');
        expect(await rejection(api.invokeRemote('/%2e%2e/echo', 'GET'))).to.have.property('code', 'RCA_REMOTE_REFUSED');
        for (const escape of ['/..%2fecho', '/..%2Fecho', '/x/..%5cecho', '/%2e%2e%2fecho', '/a\\..\\echo']) {
          expect(await rejection(api.invokeRemote(escape, 'GET')), escape).to.have.property('code', 'RCA_REMOTE_REFUSED');
        }
        expect({ other: other.seen.length, upstream: upstream.seen.length }).to.deep.equal(before);
      });
    });

    it('maps an upstream status outside 100-599 to 502', async () => {
      const api = apiOf(await appWith());
      const failure = await rejection(api.get(`${upstream.url}/status/999`));
      expect([failure.status, failure.code]).to.deep.equal([502, 'RCA_UPSTREAM_STATUS_INVALID']);
      expect((await api.request({ method: 'GET', url: `${upstream.url}/status/999` }).catch((error: InternalHttpError) => error)).status).to.equal(502);
    });

    it("sends the URL's Host to a remote host, never a caller's", async () => {
      const api = apiOf(await appWith());
      const echoed = await api.request<{ headers: Record<string, string> }>({
        method: 'GET',
        url: `${upstream.url}/echo`,
        headers: { host: 'localhost:3000' },
      });
      expect(echoed.body.headers.host).to.equal(upstream.host);
    });

    it('getRemoteClient() with redirects turned on checks every hop against remote.allowedHosts', async () => {
      const client = apiOf(await appWith({ remote: { allowedHosts: [upstream.host] } })).getRemoteClient();
      const before = other.seen.length;
      const outside = `${upstream.url}/redirect?to=${encodeURIComponent(`${other.url}/echo`)}`;
      expect(String(await rejection(client.get(outside, { maxRedirects: 5 })))).to.match(/is not in remote\.allowedHosts/);
      expect(other.seen.length).to.equal(before);
      const inside = `${upstream.url}/redirect?to=${encodeURIComponent(`${upstream.url}/echo`)}`;
      expect((await client.get(inside, { maxRedirects: 5 })).status).to.equal(200);
    });

    it('one Api serving two apps uses the remote client of each, not the first one it made', async () => {
      const small = await appWith({ remote: { maxContentLength: 1000 } });
      const large = await appWith({ remote: { maxContentLength: 5_000_000 } });
      const shared = new Api();
      const clientIn = (app: RunningApp) =>
        requestStorage.run(createContext(apiStateOf(app.app)!, { method: 'GET', url: '/', headers: {}, protocol: 'http', host: 'localhost' }), () =>
          shared.getRemoteClient(),
        );
      expect(clientIn(small).defaults.maxContentLength).to.equal(1000);
      expect(clientIn(large).defaults.maxContentLength).to.equal(5_000_000);
      expect(clientIn(small)).to.equal(clientIn(small));
    });

    it('getRemoteClient() is the axios instance, with no base URL, no redirects and the size cap', async () => {
      const client = apiOf(await appWith()).getRemoteClient();
      expect(client.interceptors).to.have.keys('request', 'response');
      expect(client.defaults.baseURL).to.equal(undefined);
      expect(client.defaults.maxRedirects).to.equal(0);
      expect(client.defaults.maxContentLength).to.equal(10 * 1024 * 1024);
    });

    it('getRemoteClient() keeps to remote.allowedHosts and the deadline too', async () => {
      const client = apiOf(await appWith({ remote: { allowedHosts: [other.host], timeout: 300 } })).getRemoteClient();
      const before = upstream.seen.length;
      expect(await rejection(client.get(`${upstream.url}/echo`))).to.have.property('code', 'RCA_REMOTE_REFUSED');
      expect(await rejection(client.get(`http://${other.host}@${upstream.host}/echo`))).to.have.property('code', 'RCA_REMOTE_REFUSED');
      expect(upstream.seen.length).to.equal(before);
      expect((await client.get(`${other.url}/echo`)).status).to.equal(200);
      const started = Date.now();
      await rejection(client.get(`${other.url}/drip`));
      expect(Date.now() - started).to.be.below(2000);
    });

    it('remote.timeout is a deadline over the whole call: an upstream trickling bytes is cut off (504)', async () => {
      const api = apiOf(await appWith({ remote: { timeout: 300 } }));
      const started = Date.now();
      const failure = await rejection(api.get(`${upstream.url}/drip`));
      const elapsed = Date.now() - started;
      expect([failure.status, failure.code]).to.deep.equal([504, 'RCA_UPSTREAM_TIMEOUT']);
      expect(elapsed).to.be.within(250, 1500);
    });

    it('remote.maxContentLength refuses a large body and a gzip bomb, counted decompressed (502)', async () => {
      const api = apiOf(await appWith({ remote: { maxContentLength: 1024 * 1024 } }));
      expect(await api.get(`${upstream.url}/big?bytes=${100 * 1024}`)).to.have.property('pad');
      const large = await rejection(api.get(`${upstream.url}/big?bytes=${2 * 1024 * 1024}`));
      expect([large.status, large.code, large.body]).to.deep.equal([502, 'RCA_UPSTREAM_TOO_LARGE', { error: { code: 502, message: 'Bad Gateway' } }]);
      const bomb = await rejection(api.get(`${upstream.url}/bomb`));
      expect([bomb.status, bomb.code]).to.deep.equal([502, 'RCA_UPSTREAM_TOO_LARGE']);
      expect(bomb.message).to.match(/more than remote.maxContentLength \(1048576 bytes, decompressed\)/);
    });

    it('sends a body as application/json', async () => {
      const api = apiOf(await appWith());
      for (const verb of ['post', 'put', 'patch'] as const) {
        const echoed = await api[verb]<{ headers: Record<string, string>; body: string }>(`${upstream.url}/echo`, { title: 'T' });
        expect([echoed.headers['content-type'], JSON.parse(echoed.body)], verb).to.deep.equal(['application/json', { title: 'T' }]);
      }
      expect((await api.get<{ headers: Record<string, string> }>(`${upstream.url}/echo`)).headers).not.to.have.property('content-type');
    });

    it("an upstream 4xx reaches the client without the upstream's address", async () => {
      const app = await appWith();
      const res = await app.get(`/iso/remote?target=${encodeURIComponent(`${upstream.url}/status/404`)}`);
      expect([res.status, res.body.error.message]).to.deep.equal([404, 'GET a remote service answered 404']);
      expect(res.text).not.to.include('127.0.0.1');
    });
  });
}
