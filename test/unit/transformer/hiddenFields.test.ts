import { expect } from 'chai';
import type { AccessView } from '../../../src/transformer/AccessView';
import type { AnyTransformer } from '../../../src/transformer/Resource';
import { HiddenFields, withoutFields } from '../../../src/transformer/hiddenFields';

class Row {}
const NONE: ReadonlySet<string> = new Set<string>();
const viewHiding = (hidden: ReadonlySet<string>): AccessView => ({
  modelOf: () => undefined,
  hidden: () => hidden,
  hiddenRelations: () => NONE,
  readOnly: () => NONE,
});
const COLUMNS = { contact: ['email'] };
/** A transformer with these `columns` (a new instance each time, as each request makes one). */
const withColumns = (columns: Record<string, string[]>) => ({ transform: () => ({}), columns }) as unknown as AnyTransformer;

describe('HiddenFields', () => {
  it('drops the fields named after a hidden attribute or declaring one in columns, and nothing named after Object.prototype', () => {
    const omit = new HiddenFields(viewHiding(new Set(['email']))).omitted(withColumns(COLUMNS), new Row());
    const fields = { id: 1, email: 'a@b.c', contact: 'mailto:a@b.c', constructor: 'c', toString: 't' };
    expect(withoutFields(fields, omit)).to.deep.equal({ id: 1, constructor: 'c', toString: 't' });
    expect(new HiddenFields(viewHiding(NONE)).omitted(withColumns(COLUMNS), new Row())).to.equal(null);
  });

  it("shares its verdicts across requests for one hidden set and one transformer's columns, not for another", () => {
    const hidden = new Set(['email']);
    // Two requests, two walks, two transformer instances: the same resolved rules (see resolveRules()).
    const first = new HiddenFields(viewHiding(hidden)).omitted(withColumns(COLUMNS), new Row());
    const second = new HiddenFields(viewHiding(hidden)).omitted(withColumns(COLUMNS), new Row());
    expect(second).to.equal(first);
    expect(new HiddenFields(viewHiding(new Set(['email']))).omitted(withColumns(COLUMNS), new Row())).to.not.equal(first);
    const other = new HiddenFields(viewHiding(hidden)).omitted(withColumns({ contact: ['name'] }), new Row());
    expect(other).to.not.equal(first);
    expect(other!.has('contact')).to.equal(false);
    expect(first!.has('contact')).to.equal(true);
  });
});
