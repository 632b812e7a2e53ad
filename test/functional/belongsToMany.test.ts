import { expect } from 'chai';
import { DataTypes, Model, ModelStatic } from 'sequelize';
import { Book, BookGenre, Genre } from '../../example/models';
import { RelatedRef } from '../../src/loader/RelatedRef';
import { loadRelated } from '../../src/loader/loadRelated';
import { onBothFrameworks } from './exampleServer';
import { exampleDatabase, exampleQueries, testDialect } from '../fixture/database';

type GenreJson = { id: number; name: string; primary?: boolean };
type Listed = { data: GenreJson[]; meta?: { limit: number; offset: number; more: boolean } };

/** A book's genres as Sequelize's own getter reads them (one query per book): the reference. */
async function genresOf(book: Book, order: [string, 'ASC' | 'DESC'], limit: number, offset: number) {
  const rows = (await book.$get('genres', { order: [order, ['id', order[1]]], limit: limit + 1, offset })) as Array<Genre & { BookGenre: BookGenre }>;
  return { rows: rows.slice(0, limit).map((genre) => ({ id: genre.id, primary: Boolean(genre.BookGenre.primary) })), more: rows.length > limit };
}

onBothFrameworks('belongs-to-many includes (books and genres through book_genres)', (app) => {
  const page = (perPage: number, include = 'genres') => `/v1/books?per_page=${perPage}&include=${include}`;

  it('cost one statement per level: the same for 5 books a page as for 100', async () => {
    const five = await exampleQueries(() => app().get(page(5)));
    const hundred = await exampleQueries(() => app().get(page(100)));
    expect(five).to.have.length(2);
    expect(hundred).to.have.length(five.length);
    const nested = (perPage: number) => exampleQueries(() => app().get(page(perPage, 'genres.books:limit(2).genres')));
    expect(await nested(5)).to.have.length(4);
    expect(await nested(100)).to.have.length(4);
    const genres = await exampleQueries(() => app().get('/v1/genres?per_page=10&include=books:limit(5)'));
    expect(genres).to.have.length(2);
  });

  for (const [modifiers, order, limit, offset] of [
    ['', ['createdAt', 'DESC'], 3, 0],
    [':limit(2|1):sort(name|asc)', ['name', 'ASC'], 2, 1],
    [':limit(1):sort(id|desc)', ['id', 'DESC'], 1, 0],
  ] as Array<[string, [string, 'ASC' | 'DESC'], number, number]>) {
    it(`apply limit, offset and sort per book as Sequelize's getter does (genres${modifiers}), with the through attribute`, async () => {
      const res = await app().get(page(100, `genres${modifiers}`));
      expect(res.status).to.equal(200);
      const books = await Book.findAll({ where: { id: res.body.data.map((book: { id: number }) => book.id) } });
      expect(books).to.have.length(res.body.data.length);
      for (const book of books) {
        const sent = res.body.data.find((item: { id: number }) => item.id === book.id).genres as Listed;
        const expected = await genresOf(book, order, limit, offset);
        expect(
          sent.data.map(({ id, primary }) => ({ id, primary })),
          `book ${book.id}`,
        ).to.deep.equal(expected.rows);
        expect(sent.meta?.more ?? false, `book ${book.id}`).to.equal(expected.more);
      }
    });
  }

  it("include a genre's books the other way, batched too, and refuse a sort by a column the genre does not send", async () => {
    const res = await app().get('/v1/genres/3?include=books:limit(2):sort(title|asc)');
    expect(res.status).to.equal(200);
    const expected = await (await Genre.findByPk(3))!.$get('books', { order: [['title', 'ASC']], limit: 2 });
    expect(res.body.books.data.map((book: { id: number }) => book.id)).to.deep.equal(expected.map((book) => book.id));
    expect((await app().get('/v1/books/1?include=genres:sort(book_id|asc)')).status).to.equal(400);
  });
});

onBothFrameworks(
  'belongs-to-many includes in json-api mode',
  (app) => {
    it('are relationships with linkage, the genres in included once each', async () => {
      const res = await app().get('/v1/books?per_page=10&include=genres', { headers: { accept: 'application/vnd.api+json' } });
      expect(res.status).to.equal(200);
      const linked = new Set<string>();
      for (const book of res.body.data) for (const genre of book.relationships.genres.data) linked.add(genre.id);
      const included = res.body.included.filter((resource: { type: string }) => resource.type === 'genres').map((resource: { id: string }) => resource.id);
      expect(included).to.have.length(new Set(included).size);
      expect(new Set(included)).to.deep.equal(linked);
    });
  },
  { serializer: 'json-api' },
);

describe(`belongs-to-many loading with scopes (${testDialect})`, () => {
  let Post: ModelStatic<Model>;
  let Tag: ModelStatic<Model>;
  let PostTag: ModelStatic<Model>;

  before(async () => {
    const sequelize = await exampleDatabase();
    Post = sequelize.define('RcaScopePost', { title: DataTypes.STRING }, { tableName: 'rca_scope_posts', timestamps: false });
    Tag = sequelize.define('RcaScopeTag', { name: DataTypes.STRING, visible: DataTypes.BOOLEAN }, { tableName: 'rca_scope_tags', timestamps: false });
    PostTag = sequelize.define('RcaScopePostTag', { role: DataTypes.STRING }, { tableName: 'rca_scope_post_tags', timestamps: false });
    Post.belongsToMany(Tag, { through: PostTag, as: 'tags', foreignKey: 'post_id', otherKey: 'tag_id' });
    // Scoped: only visible tags, only through rows of role 'main'.
    Post.belongsToMany(Tag, {
      through: { model: PostTag, scope: { role: 'main' } },
      scope: { visible: true },
      as: 'mainTags',
      foreignKey: 'post_id',
      otherKey: 'tag_id',
    });
    await PostTag.drop().catch(() => undefined);
    await Promise.all([Post.drop().catch(() => undefined), Tag.drop().catch(() => undefined)]);
    await Post.sync();
    await Tag.sync();
    await PostTag.sync();
    await Post.bulkCreate([1, 2, 3].map((id) => ({ id, title: `Post ${id}` })));
    await Tag.bulkCreate([1, 2, 3, 4, 5].map((id) => ({ id, name: `Tag ${id}`, visible: id % 2 === 1 })));
    const links = [];
    for (const post of [1, 2, 3])
      for (const tag of [1, 2, 3, 4, 5]) if ((post + tag) % 3 !== 0) links.push({ post_id: post, tag_id: tag, role: tag <= 3 ? 'main' : 'extra' });
    await PostTag.bulkCreate(links);
  });

  after(async () => {
    await PostTag.drop();
    await Promise.all([Post.drop(), Tag.drop()]);
  });

  for (const association of ['tags', 'mainTags']) {
    it(`loads ${association} for every post in one statement, as Sequelize's getter does`, async () => {
      const posts = await Post.findAll({ order: [['id', 'ASC']] });
      const refs = posts.map((post) => new RelatedRef(post, association));
      const statements = await exampleQueries(() =>
        loadRelated(refs, { params: { limit: 10, offset: 0, sort: 'name', order: 'desc' }, sortGiven: true, path: association }),
      );
      expect(statements).to.have.length(1);
      for (const [i, post] of posts.entries()) {
        const getter = `get${association[0].toUpperCase()}${association.slice(1)}`;
        const expected = (await (post as unknown as Record<string, (options: object) => Promise<Model[]>>)[getter]({ order: [['name', 'DESC']] })).map(
          (tag) => [tag.get('id'), (tag.get('RcaScopePostTag') as Model).get('role')],
        );
        const loaded = (refs[i].value as Model[]).map((tag) => [tag.get('id'), (tag.get('RcaScopePostTag') as Model).get('role')]);
        expect(loaded, `post ${String(post.get('id'))}`).to.deep.equal(expected);
        expect(expected.length, 'the fixture links every post').to.be.above(0);
      }
    });
  }
});
