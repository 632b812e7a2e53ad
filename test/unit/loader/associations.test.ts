import { expect } from 'chai';
import { DataTypes, Model, Sequelize } from 'sequelize';
import { CollectionResource, parseIncludes, Transformer, UnexpectedIncludesParameterError } from '../../../src';
import { converter } from '../../../src/response/convertBody';
import { serializers } from '../../../src/serializer/serializers';
import { IncludeWalk } from '../../../src/transformer/includeWalk';
import { loadRelated } from '../../../src/loader/loadRelated';
import { RelatedRef } from '../../../src/loader/RelatedRef';
import { sqlRelationLoader } from '../../../src/loader/RelationLoader';

/** Has-one and belongs-to-many, which the example does not use, on a database of their own. */
class Post extends Model {
  declare id: number;
  declare title: string;
}
class Cover extends Model {
  declare id: number;
  declare url: string;
}
class Tag extends Model {
  declare id: number;
  declare name: string;
}

class PostTransformer extends Transformer<Post> {
  availableIncludes = ['cover', 'tags'];
  transform(post: Post) {
    return { id: post.id, title: post.title };
  }
  includeCover(post: Post) {
    return this.item(this.related(post, 'cover'), (cover: Cover) => ({ id: cover.id, url: cover.url }));
  }
  includeTags(post: Post) {
    return this.collection(this.related(post, 'tags'), (tag: Tag) => ({ id: tag.id, name: tag.name }));
  }
}

describe('relation loading: has-one and belongs-to-many', () => {
  const statements: string[] = [];
  let sequelize: Sequelize;
  const defaults = { limit: 3, offset: 0, sort: 'created_at', order: 'desc' as const };
  const run = async (include: string, posts: Post[]) => {
    const tree = parseIncludes(include, { defaults, maxDepth: 10, maxLimit: 100, maxPaths: 20 });
    const out = await new IncludeWalk({ loader: sqlRelationLoader, tree, defaults }).run(new CollectionResource(posts, new PostTransformer()));
    return serializers.array.document(out, null, null, converter('snake', 'iso8601')) as { data: any[] };
  };

  before(async () => {
    sequelize = new Sequelize({ dialect: 'sqlite', storage: ':memory:', logging: (sql) => statements.push(sql) });
    Post.init({ title: DataTypes.STRING }, { sequelize, tableName: 'posts' });
    Cover.init({ url: DataTypes.STRING }, { sequelize, tableName: 'covers' });
    Tag.init({ name: DataTypes.STRING }, { sequelize, tableName: 'tags' });
    Post.hasOne(Cover, { as: 'cover', foreignKey: 'postId' });
    Post.belongsToMany(Tag, { as: 'tags', through: 'post_tags' });
    await sequelize.sync();
    const tags = await Tag.bulkCreate(['a', 'b', 'c', 'd'].map((name) => ({ name })));
    for (let i = 1; i <= 4; i++) {
      const post = await Post.create({ title: `Post ${i}` });
      if (i % 2 === 1) await Cover.create({ url: `cover-${i}.png`, postId: post.id });
      await (post as unknown as { setTags(tags: Tag[]): Promise<void> }).setTags(tags.slice(0, i));
    }
  });
  after(() => sequelize.close());

  it('loads a has-one relation with one query for all parents, null where there is none', async () => {
    const posts = await Post.findAll({ order: [['id', 'ASC']] });
    const start = statements.length;
    const body = await run('cover', posts);
    expect(statements.length - start).to.equal(1);
    expect(body.data.map((post) => post.cover?.url ?? null)).to.deep.equal(['cover-1.png', null, 'cover-3.png', null]);
  });

  it('loads a belongs-to-many relation per parent with limit, offset and sort applied', async () => {
    const posts = await Post.findAll({ order: [['id', 'ASC']] });
    const body = await run('tags:limit(2|1):sort(name|desc)', posts);
    expect(body.data.map((post) => post.tags.data.map((tag: { name: string }) => tag.name))).to.deep.equal([[], ['a'], ['b', 'a'], ['c', 'b']]);
  });

  it('marks has-one rows as held by their parent alone, belongs-to-many rows not (a tag has many posts)', async () => {
    const posts = await Post.findAll({ order: [['id', 'ASC']] });
    const covers = posts.map((post) => new RelatedRef(post, 'cover'));
    const tags = posts.map((post) => new RelatedRef(post, 'tags'));
    await loadRelated([...covers, ...tags], { params: defaults, sortGiven: false, path: 'x' });
    expect(covers.map((ref) => ref.exclusive)).to.deep.equal([true, true, true, true]);
    expect(tags.map((ref) => ref.exclusive)).to.deep.equal([false, false, false, false]);
  });

  it('refuses a sort key that is not a column of the related model', async () => {
    const posts = await Post.findAll();
    let caught: unknown;
    await run('tags:sort(secret|asc)', posts).catch((error) => (caught = error));
    expect(caught).to.be.instanceOf(UnexpectedIncludesParameterError);
    expect(String(caught)).to.match(/sort key "secret" is not allowed for tags; allowed: id, name, created_at, updated_at/);
  });
});
