import { expect } from 'chai';
import { DataTypes, Model, Sequelize } from 'sequelize';
import { AvailableIncludes, Filterable, Sortable, Transformer as UseTransformer } from '../../../decorators';
import { ApiError } from '../../../src/errors/ApiError';
import { checkDeclarations } from '../../../src/integration/checkDeclarations';
import { Transformer } from '../../../src/transformer/Transformer';

// Models of their own, on a database never opened: only their definitions are read.
const sequelize = new Sequelize({ dialect: 'sqlite', storage: ':memory:', logging: false });

class Post extends Model {}
Post.init({ title: DataTypes.STRING, rating: DataTypes.INTEGER }, { sequelize, modelName: 'Post' });
class Note extends Model {}
Note.init({ body: DataTypes.STRING, stars: DataTypes.INTEGER }, { sequelize, modelName: 'Note' });
Post.hasMany(Note, { as: 'notes', foreignKey: 'postId' });

/** What TypeScript emits for `body!: string` under useDefineForClassFields: an own property hiding the accessor. */
class Shadowed extends Model {
  constructor(...args: ConstructorParameters<typeof Model>) {
    super(...args);
    Object.defineProperty(this, 'body', { value: undefined, writable: true, enumerable: true, configurable: true });
  }
}
Shadowed.init({ body: DataTypes.STRING }, { sequelize, modelName: 'Shadowed' });

class NoteTransformer extends Transformer<Note> {
  transform(note: Note) {
    return { id: note.get('id') as number };
  }
}

class PostTransformer extends Transformer<Post> {
  availableIncludes = ['notes'];
  aggregates = { notes: ['stars'] };
  transform(post: Post) {
    return { id: post.get('id') as number, title: post.get('title') as string };
  }
  includeNotes(post: Post) {
    return this.collection(this.related(post, 'notes'), new NoteTransformer());
  }
}

class TypoTransformer extends PostTransformer {
  aggregates = { notes: ['starz'], note: ['stars'] };
  includeNotes(post: Post) {
    return this.collection(this.related(post, 'notez'), new NoteTransformer());
  }
}

class GoodController {
  @UseTransformer(PostTransformer)
  @Filterable(() => Post, { title: ['eq'], 'notes.body': ['contains'] })
  @Sortable('title', 'rating')
  @AvailableIncludes('notes')
  index() {
    return [];
  }
}

class TypoController {
  @UseTransformer(TypoTransformer)
  @Filterable(() => Post, { titel: ['eq'], 'notez.body': ['contains'] })
  @Sortable('ratng')
  @AvailableIncludes('nots')
  index() {
    return [];
  }
}

/** The problems checkDeclarations() lists, one a line. */
function problems(actions: Parameters<typeof checkDeclarations>[0], models: Parameters<typeof checkDeclarations>[1]): string[] {
  try {
    checkDeclarations(actions, models);
  } catch (error) {
    expect(error).to.be.instanceOf(ApiError);
    expect((error as ApiError).code).to.equal('RCA_DECLARATIONS_INVALID');
    return (error as ApiError).message.split('\n  - ').slice(1);
  }
  return [];
}

describe('checkDeclarations()', () => {
  it('passes declarations whose every name resolves', () => {
    expect(problems([{ target: GoodController, method: 'index' }], [Post, Note])).to.deep.equal([]);
  });

  it('lists every name that does not resolve, with where it was declared, in one error', () => {
    const found = problems([{ target: TypoController, method: 'index' }], [Post, Note]);
    expect(found, found.join('\n')).to.have.length(6);
    expect(found.join('\n')).to.include('TypoController.index() @Filterable: @Filterable field "titel" of Post cannot be filtered');
    expect(found.join('\n')).to.include('TypoController.index() @Filterable: @Filterable field "notez.body" of Post cannot be filtered');
    expect(found).to.include('TypoController.index() @AvailableIncludes: TypoTransformer has no include "nots" (it has: notes)');
    expect(found).to.include('TypoController.index() @Sortable: "ratng" is no attribute of Post (map it in the transformer\'s columns)');
    expect(found).to.include('TypoTransformer.aggregates: "note" is not one of its includes (notes)');
    expect(found).to.include('TypoTransformer.includeNotes() names the association "notez", which Post does not have (it has: notes)');
  });

  it("checks an include's association against every model when no decorator names the transformer's model", () => {
    class Plain {
      @UseTransformer(TypoTransformer)
      show() {
        return null;
      }
    }
    expect(problems([{ target: Plain, method: 'show' }], [Post, Note])).to.include(
      'TypoTransformer.includeNotes() names the association "notez", which no model has',
    );
  });

  it("learns each transformer's model from the action and the associations its includes name", () => {
    const learnt = checkDeclarations([{ target: GoodController, method: 'index' }], [Post, Note], true);
    expect(learnt.get(PostTransformer)).to.equal(Post);
    expect(learnt.get(NoteTransformer)).to.equal(Note);
  });

  it('with policies, names a transformer whose model it cannot learn; a declared model settles it', () => {
    class Plain {
      @UseTransformer(PostTransformer)
      show() {
        return null;
      }
    }
    const found = problems([{ target: Plain, method: 'show' }], [Post, Note]);
    expect(found, 'without policies a model is not needed').to.deep.equal([]);
    let error: unknown;
    try {
      checkDeclarations([{ target: Plain, method: 'show' }], [Post, Note], true);
    } catch (caught) {
      error = caught;
    }
    expect((error as ApiError).message).to.include('PostTransformer: its model is not known (no route or include names it): declare `model = () => TheModel`');
    class DeclaredPosts extends PostTransformer {
      model = () => Post;
    }
    class Declared {
      @UseTransformer(DeclaredPosts)
      show() {
        return null;
      }
    }
    const learnt = checkDeclarations([{ target: Declared, method: 'show' }], [Post, Note], true);
    expect(learnt.get(DeclaredPosts)).to.equal(Post);
    expect(learnt.get(NoteTransformer)).to.equal(Note);
  });

  it('names a model whose class fields hide its attributes, and how to fix it', () => {
    expect(problems([], [Shadowed])).to.deep.equal([
      'model Shadowed: the class fields body hide its attributes (each would read undefined): write them as `declare title: string`, or set "useDefineForClassFields": false in tsconfig.json',
    ]);
  });
});
