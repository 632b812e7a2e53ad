import { expect } from 'chai';
import { serializers } from '../../../src';
import { converter } from '../../../src/response/convertBody';
import { MISSING } from '../../../src/transformer/fieldValues';
import type { TransformedItem, TransformedResource } from '../../../src/transformer/Transformed';

const author = (id: number): TransformedItem => ({ fields: { id, name: `A${id}` }, includes: [] });
const book = (id: number, authorId: number): TransformedItem => ({
  fields: { id, title: `B${id}` },
  includes: [
    ['author', { kind: 'item', item: author(authorId) }, true],
    ['comments', { kind: 'collection', items: [{ fields: { id: id * 10, body: 'c' }, includes: [] }] }, true],
    ['nothing', { kind: 'null' }, true],
  ],
});
const keep = converter(null, null);
const collection: TransformedResource = { kind: 'collection', resourceKey: 'books', items: [book(1, 7), book(2, 7)] };
const page = {
  kind: 'pagination' as const,
  meta: { total: 4, count: 2, per_page: 2, current_page: 1, total_pages: 2, links: { next: 'http://x/b?page=2' } },
  links: { self: 'http://x/b?page=1', first: 'http://x/b?page=1', last: 'http://x/b?page=2', next: 'http://x/b?page=2' },
};

describe('serializers', () => {
  describe('array', () => {
    it('puts an item at the top level, an included item as an object, a collection under data, nothing as null', () => {
      const body = serializers.array.document({ kind: 'item', item: book(1, 7) }, null, null, keep);
      expect(body).to.deep.equal({ id: 1, title: 'B1', author: { id: 7, name: 'A7' }, comments: { data: [{ id: 10, body: 'c' }] }, nothing: null });
    });

    it('puts a collection under data, with meta and pagination', () => {
      const body = serializers.array.document(collection, { version: 1 }, page, keep);
      expect(body.data).to.have.length(2);
      expect(body.meta).to.deep.equal({ version: 1, pagination: page.meta });
    });

    it('answers an empty included collection as { data: [] }', () => {
      const body = serializers.array.document(
        { kind: 'item', item: { fields: { id: 1 }, includes: [['comments', { kind: 'collection', items: [] }, true]] } },
        null,
        null,
        keep,
      );
      expect(body).to.deep.equal({ id: 1, comments: { data: [] } });
    });
  });

  describe('data-array', () => {
    it('wraps items in data too', () => {
      const body = serializers['data-array'].document({ kind: 'item', item: book(1, 7) }, null, null, keep);
      expect(body).to.deep.equal({
        data: { id: 1, title: 'B1', author: { data: { id: 7, name: 'A7' } }, comments: { data: [{ id: 10, body: 'c' }] }, nothing: null },
      });
    });
  });

  describe('json-api', () => {
    const body = serializers['json-api'].document(collection, null, page, keep) as any;

    it('writes resource objects with type, id, attributes and relationships', () => {
      expect(body.data[0]).to.deep.equal({
        type: 'books',
        id: '1',
        attributes: { title: 'B1' },
        relationships: { author: { data: { type: 'author', id: '7' } }, comments: { data: [{ type: 'comments', id: '10' }] }, nothing: { data: null } },
      });
    });

    it('includes each related resource once', () => {
      expect(body.included.map((r: any) => `${r.type}:${r.id}`)).to.deep.equal(['author:7', 'comments:10', 'comments:20']);
    });

    it('sends a related resource that is also primary data once, as primary data, and the rest in the order first met', () => {
      const related = (id: number, ...ids: number[]): TransformedItem => ({
        fields: { id, title: `B${id}` },
        includes: [['similar', { kind: 'collection', resourceKey: 'books', items: ids.map((other) => related(other)) }, true]],
      });
      const sameType = serializers['json-api'].document(
        { kind: 'collection', resourceKey: 'books', items: [related(1, 2, 3), related(2, 1, 4)] },
        null,
        null,
        keep,
      ) as any;
      expect(sameType.data.map((r: any) => r.id)).to.deep.equal(['1', '2']);
      expect(sameType.data[0].relationships.similar.data).to.deep.equal([
        { type: 'books', id: '2' },
        { type: 'books', id: '3' },
      ]);
      expect(sameType.included.map((r: any) => `${r.type}:${r.id}`)).to.deep.equal(['books:3', 'books:4']);
      // The same id under another type is another resource.
      const otherType = serializers['json-api'].document(
        { kind: 'item', resourceKey: 'authors', item: { fields: { id: 1 }, includes: [['books', { kind: 'collection', items: [author(1)] }, true]] } },
        null,
        null,
        keep,
      ) as any;
      expect(otherType.included.map((r: any) => `${r.type}:${r.id}`)).to.deep.equal(['books:1']);
    });

    it('knows a related resource by its id as sent: 7 and "7" are one resource, "07", "7.0" and "x" others', () => {
      const item = (id: unknown): TransformedItem => ({ fields: { id }, includes: [] });
      const document = serializers['json-api'].document(
        {
          kind: 'item',
          resourceKey: 'books',
          item: { fields: { id: 1 }, includes: [['tags', { kind: 'collection', items: [7, '7', '07', '7.0', 'x', 7, 'x', 8n, '8'].map(item) }, true]] },
        },
        null,
        null,
        keep,
      ) as any;
      expect(document.included.map((r: any) => r.id)).to.deep.equal(['7', '07', '7.0', 'x', '8']);
      expect(document.data.relationships.tags.data.map((r: any) => r.id)).to.deep.equal(['7', '7', '07', '7.0', 'x', '7', 'x', '8', '8']);
    });

    it('moves a self link to links.self; keeps any other link, lazy or not, as an attribute, and leaves a missing one out', () => {
      const document = (link: unknown) =>
        (
          serializers['json-api'].document(
            { kind: 'item', resourceKey: 'books', item: { fields: { id: 3, title: 'T', link }, includes: [] } },
            null,
            null,
            keep,
          ) as any
        ).data;
      expect(document({ rel: 'self', href: 'http://x/b/3' })).to.deep.equal({
        type: 'books',
        id: '3',
        attributes: { title: 'T' },
        links: { self: 'http://x/b/3' },
      });
      expect(document(() => ({ rel: 'self', href: 'http://x/b/3' })).links).to.deep.equal({ self: 'http://x/b/3' });
      expect(document({ rel: 'related', href: 'http://x/a/1' }).attributes).to.deep.equal({ title: 'T', link: { rel: 'related', href: 'http://x/a/1' } });
      expect(document(() => 'http://x/a/1').attributes).to.deep.equal({ title: 'T', link: 'http://x/a/1' });
      expect(document(MISSING).attributes).to.deep.equal({ title: 'T' });
    });

    it('puts pagination links at the top level and uses the JSON:API media type', () => {
      expect(body.links).to.deep.equal({ self: page.links.self, first: page.links.first, last: page.links.last, prev: null, next: page.links.next });
      expect(body.meta.pagination.total).to.equal(4);
      expect(serializers['json-api'].contentType).to.equal('application/vnd.api+json');
    });
  });
});

describe('serializers: a collection written a part at a time (parts())', () => {
  const snake = converter('snake', 'iso8601');
  const related = (id: number): TransformedItem => ({
    fields: { id, publishedAt: new Date(id * 1000) },
    includes: [
      // Every book has author 7 (one resource in JSON:API) and a comment of its own; the last cut by its limit.
      ['author', { kind: 'item', resourceKey: 'authors', item: author(7) }, true],
      ['comments', { kind: 'collection', items: [{ fields: { id: id * 10 }, includes: [] }], more: id === 5 ? { limit: 1, offset: 0 } : undefined }, true],
    ],
    aggregates: id === 2 ? [['comments', { count: 3 }]] : undefined,
  });

  for (const name of ['array', 'data-array', 'json-api'] as const) {
    it(`${name}: parts added in order make the document that document() makes of all the items at once`, () => {
      const whole = serializers[name].document({ kind: 'collection', resourceKey: 'books', items: [1, 2, 3, 4, 5].map(related) }, { version: 1 }, page, snake);
      const parts = serializers[name].parts(snake, 'books');
      parts.add([1, 2].map(related));
      parts.add([]);
      parts.add([3, 4, 5].map(related));
      expect(JSON.stringify(parts.document({ version: 1 }, page))).to.equal(JSON.stringify(whole));
      const empty = serializers[name].parts(snake, 'books');
      expect(empty.document(null, null)).to.deep.equal(serializers[name].document({ kind: 'collection', resourceKey: 'books', items: [] }, null, null, snake));
    });
  }

  it('json-api: a related resource met in two parts is included once, the first time', () => {
    const parts = serializers['json-api'].parts(keep, 'books');
    parts.add([book(1, 7)]);
    parts.add([book(2, 7)]);
    const document = parts.document(null, null) as any;
    expect(document.included.map((r: any) => `${r.type}:${r.id}`)).to.deep.equal(['author:7', 'comments:10', 'comments:20']);
    expect(document.data[1].relationships.author.data).to.deep.equal({ type: 'author', id: '7' });
  });
});

describe('serializers with key conversion', () => {
  it('convert every key as the document is built, never the type values', () => {
    const item: TransformedItem = {
      fields: { id: 1, someField: new Date(0) },
      includes: [['latestComment', { kind: 'item', item: { fields: { id: 2, bodyText: 'x' }, includes: [] } }, true]],
    };
    const snake = converter('snake', 'iso8601');
    expect(serializers.array.document({ kind: 'item', item }, { apiVersion: 1 }, null, snake)).to.deep.equal({
      id: 1,
      some_field: '1970-01-01T00:00:00.000Z',
      latest_comment: { id: 2, body_text: 'x' },
      meta: { api_version: 1 },
    });
    const api = serializers['json-api'].document({ kind: 'item', resourceKey: 'someBooks', item }, null, null, snake) as any;
    expect(api.data).to.deep.include({ type: 'someBooks', id: '1', attributes: { some_field: '1970-01-01T00:00:00.000Z' } });
    expect(api.data.relationships).to.have.keys('latest_comment');
  });
});
