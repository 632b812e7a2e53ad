import { expect } from 'chai';
import { ApiError, IncludeParams, Transformer } from '../../../src';
import { camelCase, pascalCase, snakeCase } from '../../../src/text/caseStyles';
import { sqlRelationLoader } from '../../../src/loader/RelationLoader';

class Fields extends Transformer<{ id: number; name: string; secret: string }> {
  transform(model: { id: number; name: string; secret: string }) {
    return this.buildPayload({ ...model });
  }
}

describe('Transformer', () => {
  it('reports a listed include without its method at construction', () => {
    class Missing extends Fields {
      availableIncludes = ['author', 'fooBar'];
      includeAuthor() {
        return this.null();
      }
    }
    expect(() => new Missing()).to.throw(ApiError, /Missing lists the include "fooBar" but has no method includeFooBar\(\)/);
  });

  it('checks defaultIncludes the same way', () => {
    class MissingDefault extends Fields {
      defaultIncludes = ['tags'];
    }
    expect(() => new MissingDefault()).to.throw(ApiError, /includeTags/);
  });

  it('accepts a batch method in place of the per-item one', () => {
    class Batch extends Fields {
      availableIncludes = ['tags'];
      includeTagsBatch(models: unknown[]) {
        return models.map(() => this.null());
      }
    }
    expect(new Batch().availableIncludes).to.deep.equal(['tags']);
  });

  it('reports an include method that returns something else, by its name', async () => {
    const { CollectionResource, parseIncludes } = await import('../../../src');
    const { IncludeWalk } = await import('../../../src/transformer/includeWalk');
    class Wrong extends Fields {
      availableIncludes = ['latest_comment'];
      includeLatestComment() {
        return { not: 'a resource' } as never;
      }
    }
    const defaults = { limit: 3, offset: 0, sort: 'created_at', order: 'desc' as const };
    const tree = parseIncludes('latest_comment', { defaults, maxDepth: 10, maxLimit: 100, maxPaths: 20 });
    let caught: unknown;
    await new IncludeWalk({ loader: sqlRelationLoader, tree, defaults })
      .run(new CollectionResource([{ id: 1, name: 'n', secret: 's' }], new Wrong()))
      .catch((error) => (caught = error));
    expect(caught).to.be.instanceOf(ApiError);
    expect((caught as ApiError).message).to.equal('Wrong.includeLatestComment() must return this.item(), this.collection() or this.null()');
  });

  it('maps foo_bar and fooBar to includeFooBar', () => {
    expect(pascalCase('foo_bar')).to.equal('FooBar');
    expect(pascalCase('fooBar')).to.equal('FooBar');
    expect(pascalCase('comments')).to.equal('Comments');
    expect(snakeCase('publishedAt')).to.equal('published_at');
    expect(camelCase('published_at')).to.equal('publishedAt');
  });

  it('applies visible and hidden in buildPayload', () => {
    const model = { id: 1, name: 'n', secret: 's' };
    const hidden = Object.assign(new Fields(), { hidden: ['secret'] });
    const visible = Object.assign(new Fields(), { visible: ['id'] });
    expect(hidden.transform(model)).to.deep.equal({ id: 1, name: 'n' });
    expect(visible.transform(model)).to.deep.equal({ id: 1 });
  });

  it('answers the default params outside of an include', () => {
    const fields = new Fields();
    const expected: IncludeParams = { limit: 3, offset: 0, sort: 'created_at', order: 'desc' };
    expect(fields.getParsedParams()).to.deep.equal(expected);
    expect(fields.get('sort')).to.equal('created_at');
    expect([fields.getLimit(), fields.getOffset(), fields.getSortKey(), fields.getSortDirection()]).to.deep.equal([3, 0, 'created_at', 'desc']);
  });
});
