import { expect } from 'chai';
import { ApiError, resolveConfig } from '../../../src';
import type { ApiConfigInput } from '../../../src/config/ApiConfig';
import { requestStorage, type AppState } from '../../../src/context/RequestContext';
import type { ActionApiMetadata } from '../../../src/metadata/actionMetadata';
import { parseRequestQuery } from '../../../src/query/RequestQuery';

/** What the parser reads of a request: its query, its method and its app's config; no request store. */
function source(search: string, config: ApiConfigInput = {}, method = 'GET') {
  return { method, search, query: new URLSearchParams(search), app: { config: resolveConfig(config) } as AppState };
}

/** The code a query is refused with, or 'parsed'. */
function refusal(search: string, metadata?: ActionApiMetadata, config: ApiConfigInput = {}): string {
  try {
    parseRequestQuery(source(search, config), metadata);
    return 'parsed';
  } catch (error) {
    return (error as ApiError).code;
  }
}

describe('parseRequestQuery()', () => {
  it('is a function of the query, the method, the config and the metadata: the same answer outside any request, frozen', () => {
    expect(requestStorage.getStore()).to.equal(undefined);
    const metadata: ActionApiMetadata = { sortable: ['title', 'created_at'], paginated: { perPage: 10, maxPerPage: 50, cursor: false }, includes: ['author'] };
    const query = parseRequestQuery(
      source('include=author.books:limit(2),comments&exclude=publisher&fields[books]=title&sort=-title&page=3&per_page=20'),
      metadata,
    );
    expect(Object.isFrozen(query)).to.equal(true);
    expect([...query.include.children.keys()]).to.deep.equal(['author', 'comments']);
    expect(query.include.children.get('author')!.children.get('books')!.params.limit).to.equal(2);
    expect([...query.exclude.names]).to.deep.equal(['publisher']);
    expect(query.fieldsets.get('books')!.names).to.deep.equal(['title']);
    expect(query.sort).to.deep.equal([{ field: 'title', direction: 'desc' }]);
    expect(query.page).to.deep.include({ page: 3, perPage: 20, limit: 20, offset: 40 });
    expect(query.narrow).to.deep.equal(['author']);
    expect(query.filter).to.equal(null);
    expect(query.callback).to.equal(null);
  });

  it('takes the include defaults and the JSONP callback from the config it is given', () => {
    const query = parseRequestQuery(
      source('include=comments&callback=cb', { include: { params: { limit: [7, 1], sort: ['id', 'asc'] } }, jsonp: { enabled: true } }),
      undefined,
    );
    expect(query.include.children.get('comments')!.params).to.include({ limit: 7, offset: 1 });
    expect(query.callback).to.equal('cb');
    expect(parseRequestQuery(source('callback=cb', { jsonp: { enabled: true } }, 'POST'), undefined).callback).to.equal(null);
  });

  it('refuses a bad parameter with its code: include, family spelling, sort, page, filter, callback', () => {
    const sortable: ActionApiMetadata = { sortable: ['title'] };
    expect(refusal('include=a..b')).to.equal('RCA_INCLUDE_INVALID');
    expect(refusal('include[a]=author')).to.equal('RCA_QUERY_PARAMETER');
    expect(refusal('sort=nope', sortable)).to.equal('RCA_SORT_INVALID');
    expect(refusal('page=0', { paginated: { perPage: 10, maxPerPage: 50, cursor: false } })).to.equal('RCA_PAGINATION_INVALID');
    expect(refusal('filter[title]=x', { sortable: ['title'] })).to.equal('RCA_FILTER_INVALID');
    expect(refusal('callback=1x', undefined, { jsonp: { enabled: true } })).to.equal('RCA_JSONP_CALLBACK_INVALID');
    expect(refusal('sort=title', undefined, { serializer: 'json-api' })).to.equal('RCA_SORT_INVALID');
    expect(refusal('include=author&sort=title', sortable)).to.equal('parsed');
  });
});
