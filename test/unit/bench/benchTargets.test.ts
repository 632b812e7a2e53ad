import { expect } from 'chai';
import { benchTargets } from '../../../bench/exampleHarness';

describe('benchTargets(): the databases the database benches run on', () => {
  const url = 'postgres://postgres@127.0.0.1:5432/postgres';

  it('runs on SQLite, and on PostgreSQL too when BENCH_DATABASE_URL names a server', () => {
    expect(benchTargets({})).to.deep.equal([{ name: 'sqlite' }]);
    expect(benchTargets({ BENCH_DATABASE_URL: url })).to.deep.equal([{ name: 'sqlite' }, { name: 'postgres', url }]);
  });

  it('keeps only the databases BENCH_TARGETS names', () => {
    expect(benchTargets({ BENCH_DATABASE_URL: url, BENCH_TARGETS: 'postgres' })).to.deep.equal([{ name: 'postgres', url }]);
    expect(benchTargets({ BENCH_DATABASE_URL: url, BENCH_TARGETS: 'sqlite, postgres' })).to.deep.equal([{ name: 'sqlite' }, { name: 'postgres', url }]);
  });

  it('refuses a name the run does not have, rather than timing nothing', () => {
    expect(() => benchTargets({ BENCH_TARGETS: 'postgres' })).to.throw(
      /BENCH_TARGETS=postgres names a database this run does not have \(sqlite; PostgreSQL needs BENCH_DATABASE_URL\)/,
    );
    expect(() => benchTargets({ BENCH_DATABASE_URL: url, BENCH_TARGETS: 'mysql' })).to.throw(/names a database this run does not have/);
  });
});
