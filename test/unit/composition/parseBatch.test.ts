import { expect } from 'chai';
import { ApiError } from '../../../src';
import { parseBatch } from '../../../src/composition/batchRequest';

/** Where and why a batch document is refused (400 RCA_BATCH_INVALID). */
function refusal(document: unknown, max = 5): [string, string] {
  try {
    parseBatch(document, max);
  } catch (error) {
    expect((error as ApiError).code).to.equal('RCA_BATCH_INVALID');
    const { pointer, reason } = (error as ApiError).details as { pointer: string; reason: string };
    return [pointer, reason];
  }
  throw new Error(`${JSON.stringify(document)} was accepted`);
}

describe('parseBatch()', () => {
  it('reads the requests in order: ids by position unless named, methods upper-cased, headers, dependencies from depends_on and references', () => {
    const batch = parseBatch(
      {
        atomic: true,
        requests: [
          { id: 'book', method: 'post', url: '/v1/books', body: { title: 'T' }, headers: { 'Content-Type': 'application/json' } },
          { method: 'GET', url: '/v1/books/{{book.body.id}}?include=author' },
          { method: 'PATCH', url: '/v1/books/1', body: { author_id: '{{ book.body.author_id }}' }, depends_on: ['1'] },
        ],
      },
      5,
    );
    expect(batch.atomic).to.equal(true);
    expect(batch.requests.map(({ id, method, dependsOn }) => [id, method, dependsOn])).to.deep.equal([
      ['book', 'POST', []],
      ['1', 'GET', ['book']],
      ['2', 'PATCH', ['1', 'book']],
    ]);
    expect(batch.requests[0].headers).to.deep.equal({ 'content-type': 'application/json' });
    expect(parseBatch({ requests: [{ method: 'GET', url: '/v1' }] }, 1).atomic).to.equal(false);
  });

  it('refuses a malformed document before anything runs, pointing at the member', () => {
    expect(refusal([])).to.deep.equal(['', 'the body must be an object with a "requests" list']);
    expect(refusal({ requests: [], extra: 1 })[0]).to.equal('/extra');
    expect(refusal({ atomic: 'yes', requests: [{ method: 'GET', url: '/' }] })[0]).to.equal('/atomic');
    expect(refusal({ requests: [] })[0]).to.equal('/requests');
    expect(refusal({ requests: Array(6).fill({ method: 'GET', url: '/' }) })[1]).to.match(/over the 5 one batch may hold/);
    expect(refusal({ requests: [{ method: 'GET', url: '/', extra: 1 }] })[0]).to.equal('/requests/0/extra');
    expect(refusal({ requests: [{ id: 'a b', method: 'GET', url: '/' }] })[0]).to.equal('/requests/0/id');
    expect(
      refusal({
        requests: [
          { id: 'a', method: 'GET', url: '/' },
          { id: 'a', method: 'GET', url: '/' },
        ],
      })[1],
    ).to.match(/names an earlier request/);
    expect(refusal({ requests: [{ method: 'TRACE', url: '/' }] })[0]).to.equal('/requests/0/method');
    for (const url of ['https://example.com/', '//example.com/', '/\\example.com', 'v1/books', `/${'x'.repeat(2048)}`]) {
      expect(refusal({ requests: [{ method: 'GET', url }] })[0], url).to.equal('/requests/0/url');
    }
    expect(refusal({ requests: [{ method: 'GET', url: '/', body: {} }] })).to.deep.equal(['/requests/0/body', 'GET takes no body']);
    expect(refusal({ requests: [{ method: 'GET', url: '/{{later.body.id}}' }] })[1]).to.match(/refers to "later", which is not an earlier request/);
    expect(refusal({ requests: [{ method: 'GET', url: '/', depends_on: 'x' }] })[0]).to.equal('/requests/0/depends_on');
    expect(refusal({ requests: [{ method: 'GET', url: '/', headers: { authorization: 'x' } }] })[0]).to.equal('/requests/0/headers/authorization');
    expect(refusal({ requests: [{ method: 'GET', url: '/', headers: { accept: 'a\nb' } }] })[0]).to.match(/^\/requests\/0\/headers/);
  });
});
