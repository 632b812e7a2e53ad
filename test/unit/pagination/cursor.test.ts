import { expect } from 'chai';
import { ApiError, resolveConfig } from '../../../src';
import { createContext } from '../../../src/context/createContext';
import { cursorPage } from '../../../src/pagination/cursor';
import { RouteRegistry } from '../../../src/routing/RouteRegistry';
import { exampleDatabase } from '../../fixture/database';
import { Book } from '../../../example/models';

const app = { framework: 'express' as const, config: resolveConfig({}, {}), routes: new RouteRegistry(), listener: () => () => undefined };
const context = createContext(app, { method: 'GET', url: '/', headers: {}, protocol: 'http', host: 'h' });

describe('cursorPage()', () => {
  before(() => exampleDatabase());

  it('walks an order whose keys run different ways (the expanded OR keyset) forward and back, like findAll', async () => {
    const order = [
      ['authorId', 'ASC'],
      ['createdAt', 'DESC'],
    ];
    const expected = (await Book.findAll({ order: [...order, ['id', 'DESC']] as never })).map((book) => book.id);
    const forward: number[] = [];
    let page = await cursorPage(context, Book, { order }, 3, null);
    const pages = [page];
    forward.push(...page.items.map((book) => book.id));
    while (page.cursor.next) {
      page = await cursorPage(context, Book, { order }, 3, page.cursor.next);
      pages.push(page);
      forward.push(...page.items.map((book) => book.id));
    }
    expect(forward).to.deep.equal(expected);
    const back: number[] = [...page.items.map((book) => book.id)];
    while (page.cursor.previous) {
      page = await cursorPage(context, Book, { order }, 3, page.cursor.previous);
      back.unshift(...page.items.map((book) => book.id));
    }
    expect(back).to.deep.equal(expected);
  });

  it('keeps the action own where, and refuses an order that is not attribute pairs (a programming error)', async () => {
    const page = await cursorPage(context, Book, { where: { authorId: 2 }, order: [['createdAt', 'DESC']] }, 50, null);
    expect(page.items.every((book) => book.authorId === 2)).to.equal(true);
    expect(page.cursor.next).to.equal(null);
    const error = await cursorPage(context, Book, { order: [['nope', 'ASC']] }, 5, null).catch((e: ApiError) => e);
    expect((error as ApiError).code).to.equal('RCA_CURSOR_ORDER_INVALID');
    expect((error as ApiError).message).to.match(/^cursorPaginate\(\) of Book orders by \[attribute, ASC\|DESC\] pairs of the model: nope ASC is not one$/);
  });

  it('refuses a page whose order key is null in a row: no cursor can name it (a programming error, its own code)', async () => {
    const bare = await Book.create({ title: 'Unpublished', authorId: 1, publisherId: 1, publishedAt: null });
    try {
      const order = [['publishedAt', 'ASC']];
      const error = await cursorPage(context, Book, { where: { id: [bare.id, 1] }, order }, 1, null).catch((e: ApiError) => e);
      expect((error as ApiError).code).to.equal('RCA_CURSOR_KEY_NULL');
      expect((error as ApiError).message).to.equal(
        'cursorPaginate() of Book needs non-null keys: a row has publishedAt null; order by attributes that are never null',
      );
    } finally {
      await Book.destroy({ where: { id: bare.id } });
    }
  });
});
