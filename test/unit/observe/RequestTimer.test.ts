import { expect } from 'chai';
import { RequestTimer } from '../../../src/observe/RequestTimer';
import { childRequestId, isWellFormedRequestId, requestIdOf } from '../../../src/observe/requestId';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('RequestTimer', () => {
  it('counts two overlapping pieces of work once: busy time, not the sum', async () => {
    const timer = new RequestTimer();
    const t0 = performance.now();
    const first = timer.begin('internal');
    await wait(40);
    const t1 = performance.now();
    const second = timer.begin('internal');
    await wait(40);
    first();
    const t2 = performance.now();
    await wait(40);
    second();
    second(); // ending twice changes nothing
    const t3 = performance.now();
    const busy = timer.elapsed('internal');
    // The union of the two (first start to last end), well short of their sum.
    expect(busy).to.be.closeTo(t3 - t0, 2);
    expect(busy).to.be.below(t2 - t0 + (t3 - t1) - 30);
    expect(timer.count('internal')).to.equal(2);
    expect(busy).to.be.at.most(timer.total());
    expect(timer.header()).to.match(/^internal;dur=\d+(\.\d{1,2})?;desc="2 calls", total;dur=\d+(\.\d{1,2})?$/);
  });

  it('leaves out of a piece of work the time another category was busy meanwhile', async () => {
    const timer = new RequestTimer();
    const transform = timer.beginExcluding('transform', 'db');
    await wait(30);
    const query = timer.begin('db');
    await wait(60);
    query();
    transform();
    expect(timer.elapsed('transform')).to.be.below(timer.elapsed('db'));
    expect(timer.elapsed('transform') + timer.elapsed('db')).to.be.at.most(timer.total() + 0.01);
    expect(timer.header()).to.match(/^db;dur=[\d.]+;desc="1 query", transform;dur=[\d.]+, total;dur=[\d.]+$/);
  });
});

describe('RequestTimer#beginExcluding() with several categories', () => {
  it('leaves out the time each of them was busy meanwhile', async () => {
    const timer = new RequestTimer();
    const transform = timer.beginExcluding('transform', 'db', 'serialize');
    const query = timer.begin('db');
    await wait(40);
    query();
    const writing = timer.begin('serialize');
    await wait(40);
    writing();
    await wait(10);
    transform();
    // About 10 ms of its own, against the 80 ms the other two took.
    expect(timer.elapsed('transform')).to.be.below(timer.elapsed('db'));
    expect(timer.elapsed('transform')).to.be.below(timer.elapsed('serialize'));
    expect(timer.elapsed('transform') + timer.elapsed('db') + timer.elapsed('serialize')).to.be.at.most(timer.total() + 0.01);
  });
});

describe('request ids', () => {
  it("keeps a trusted caller's well-formed id, else makes a UUID; children get suffixes", () => {
    expect(requestIdOf({ 'x-request-id': 'lb-1:2_3.4' }, 'x-request-id', true)).to.equal('lb-1:2_3.4');
    expect(requestIdOf({ 'x-request-id': 'lb-1' }, 'x-request-id', false)).to.match(/^[0-9a-f-]{36}$/);
    expect(requestIdOf({ 'x-request-id': 'bad\nline' }, 'x-request-id', true)).to.match(/^[0-9a-f-]{36}$/);
    expect(isWellFormedRequestId(['a', 'b'])).to.equal(false);
    expect(childRequestId('abc.1', 2)).to.equal('abc.1.2');
  });
});
