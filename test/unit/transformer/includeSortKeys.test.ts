import { expect } from 'chai';
import { Transformer } from '../../../src';
import { transformerSortKeys } from '../../../src/transformer/includeSortKeys';

const COLUMNS = { created: ['createdAt'] };
const SCHEMA = { id: { type: 'integer' }, title: { type: 'string' }, created: { type: 'string' }, secret: { type: 'string' } };

class NoteTransformer extends Transformer<Record<string, unknown>> {
  schema = SCHEMA;
  columns = COLUMNS;
  constructor(hidden: readonly string[] = []) {
    super();
    if (hidden.length > 0) this.hidden = hidden;
  }
  transform(note: Record<string, unknown>) {
    return { id: note.id, title: note.title, created: note.createdAt, secret: note.secret };
  }
}

describe('transformerSortKeys()', () => {
  it("answers the sent fields' columns, snake-cased, never a hidden one", () => {
    expect(transformerSortKeys(new NoteTransformer(['secret']))).to.deep.equal({ allowed: ['id', 'title', 'created_at'] });
  });

  it('works the keys out again for an instance of the same class whose declarations differ', () => {
    const first = transformerSortKeys(new NoteTransformer());
    // Same class, same declarations: the keys worked out before.
    expect(transformerSortKeys(new NoteTransformer())).to.equal(first);
    expect(first).to.deep.equal({ allowed: ['id', 'title', 'created_at', 'secret'] });
    expect(transformerSortKeys(new NoteTransformer(['title']))).to.deep.equal({ allowed: ['id', 'created_at', 'secret'] });
    expect(transformerSortKeys(new NoteTransformer())).to.deep.equal(first);
  });

  it('reads a field named after an Object.prototype member as itself, not as a declared column', () => {
    class PrototypeNamed extends Transformer<Record<string, unknown>> {
      schema = { id: { type: 'integer' }, constructor: { type: 'string' }, toString: { type: 'string' } };
      columns = COLUMNS;
      transform(row: Record<string, unknown>) {
        return { id: row.id };
      }
    }
    expect(transformerSortKeys(new PrototypeNamed())).to.deep.equal({ allowed: ['id', 'constructor', 'to_string'] });
  });

  it('allows no key for what is not a Transformer', () => {
    expect(transformerSortKeys((note: unknown) => ({ note }))).to.deep.equal({});
  });
});
