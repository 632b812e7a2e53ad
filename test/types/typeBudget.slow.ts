import { expect } from 'chai';
import { measureTypesApp } from '../../bench/types';

/**
 * The CI gate of the typed client at scale (issue 50): a synthetic app of 1,000 routes over 200
 * transformers, 100 typed calls over its generated table (pages with three includes to depth 3 and
 * fields, items, cursor pages, creates), checked by TypeScript 5.9 and by TypeScript 7 (tsgo):
 * every call compiles, no TS2589, at most 3,000 instantiations a call. Instantiation counts do not
 * vary from run to run; check times do, and are the bench's (`npm run bench -- --only=types`).
 */
describe('typed client types at 1,000 routes', function () {
  this.timeout(600_000);

  it('compile with no TS2589 and within 3,000 instantiations a call, on TypeScript 5.9 and 7; the table at most 200 bytes a route', () => {
    const { generated, compilers } = measureTypesApp({ routes: 1000, transformers: 200 }, { fromSources: true, runs: 1 });
    expect(generated.routes).to.equal(1000);
    expect(generated.bytes / generated.routes).to.be.at.most(200);
    expect(compilers.map((compiler) => compiler.suffix)).to.deep.equal(['', '_ts7']);
    for (const { suffix, perCall, ts2589, errors } of compilers) {
      expect(errors, `errors${suffix}`).to.deep.equal([]);
      expect(ts2589, `TS2589${suffix}`).to.equal(0);
      expect(perCall, `instantiations a call${suffix}`).to.be.within(1, 3000);
    }
  });
});
