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
    expect((error as ApiError).code).to.equal('RCA_CONFIG_INVALID');
  });
});
