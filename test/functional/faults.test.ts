import { expect } from 'chai';
import { FRAMEWORKS, RunningApp, startFixture } from '../fixture/app';
import { closedPort, startUpstream, Upstream } from '../fixture/upstream';

const INTERNALS = /SQLITE|BUSY|locked|lock_timeout|canceling statement|SELECT|INSERT|books|127\.0\.0\.1|ECONN|stack|\.ts:/i;

for (const framework of FRAMEWORKS) {
  describe(`faults: a remote host that refuses, hangs or answers garbage [${framework}]`, () => {
    let app: RunningApp;
    let upstream: Upstream;
    before(async () => {
      upstream = await startUpstream();
      app = await startFixture(framework, { remote: { timeout: 300 } });
    });
    after(async () => {
      await app.close();
      await upstream.close();
    });

    const cases: Array<[string, () => Promise<string>, number, string]> = [
      ['refuses connections', async () => `http://127.0.0.1:${await closedPort()}/echo`, 502, 'Bad Gateway'],
      ['hangs', () => Promise.resolve(`${upstream.url}/slow`), 504, 'Gateway Timeout'],
      ['answers garbage', () => Promise.resolve(`${upstream.url}/garbage`), 502, 'Bad Gateway'],
      ['answers 500', () => Promise.resolve(`${upstream.url}/status/500`), 500, 'Internal Server Error'],
    ];
    for (const [what, target, status, message] of cases) {
      it(`${what}: ${status} with the documented body, nothing internal, and the app keeps serving`, async () => {
        const res = await app.get(`/iso/remote?target=${encodeURIComponent(await target())}`);
        expect(res.status).to.equal(status);
        expect(res.body).to.deep.equal({ error: { code: status, message } });
        expect(res.text).not.to.match(INTERNALS);
        expect((await app.get('/v1/books/1')).status).to.equal(200);
      });
    }
  });
}
