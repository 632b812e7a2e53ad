import { expect } from 'chai';
import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { ApiError } from '../../../src';
import { closedEarly } from '../../../src/integration/requestLifecycle';

/** What closedEarly() reads of a response: its close event and whether it was ended. */
const response = (): EventEmitter & { writableEnded: boolean } => Object.assign(new EventEmitter(), { writableEnded: false });

describe('closedEarly()', () => {
  it('aborts a signal made before the client left, with RCA_CLIENT_GONE', () => {
    const res = response();
    const signal = closedEarly(res as unknown as ServerResponse)();
    expect(signal.aborted).to.equal(false);
    res.emit('close');
    expect(signal.aborted).to.equal(true);
    expect((signal.reason as ApiError).code).to.equal('RCA_CLIENT_GONE');
  });

  it('answers an aborted signal when it is first asked for after the client left', () => {
    const res = response();
    const makeSignal = closedEarly(res as unknown as ServerResponse);
    res.emit('close');
    const signal = makeSignal();
    expect(signal.aborted).to.equal(true);
    expect((signal.reason as ApiError).code).to.equal('RCA_CLIENT_GONE');
    expect(makeSignal()).to.equal(signal);
  });

  it('never aborts for a response that was ended before it closed', () => {
    const res = response();
    const makeSignal = closedEarly(res as unknown as ServerResponse);
    res.writableEnded = true;
    res.emit('close');
    expect(makeSignal().aborted).to.equal(false);
  });
});
