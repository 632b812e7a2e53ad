import { getEventListeners } from 'node:events';
import type { RequestListener } from 'node:http';
import { expect } from 'chai';
import { dispatchInProcess } from '../../../src/dispatcher/inProcess';

/** Answers every request with its method and path, on the next tick (as an app would after its middlewares). */
const echo: RequestListener = (req, res) => {
  setImmediate(() => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ method: req.method, url: req.url }));
  });
};

/** Never answers: the call ends only when its signal aborts. */
const silent: RequestListener = () => undefined;

describe('dispatchInProcess()', () => {
  it('takes its abort listener off the caller’s signal when the call is answered', async () => {
    const { signal } = new AbortController();
    for (let i = 0; i < 15; i++) {
      const response = await dispatchInProcess(echo, { method: 'GET', url: `/n/${i}`, headers: {}, signal });
      expect(response.status).to.equal(200);
    }
    expect(getEventListeners(signal, 'abort')).to.have.length(0);
  });

  it('abandons the call with the signal’s reason when it aborts, and tells the inner request its client is gone', async () => {
    const controller = new AbortController();
    let closed = false;
    const listener: RequestListener = (_req, res) => res.on('close', () => (closed = true));
    const call = dispatchInProcess(listener, { method: 'GET', url: '/', headers: {}, signal: controller.signal });
    const reason = new Error('caller gone');
    controller.abort(reason);
    expect(await call.catch((error: unknown) => error)).to.equal(reason);
    expect(closed).to.equal(true);
    expect(getEventListeners(controller.signal, 'abort')).to.have.length(0);
  });

  it('rejects at once for a signal aborted before the call', async () => {
    const controller = new AbortController();
    controller.abort(new Error('already'));
    const error = await dispatchInProcess(silent, { method: 'GET', url: '/', headers: {}, signal: controller.signal }).catch((e: Error) => e);
    expect((error as Error).message).to.equal('already');
  });
});
