import { expect } from 'chai';
import { Api, ApiRequestOptions, parseAtomicDocument, runAtomicOperations } from '../../../src';

/** An Api that answers every request with a new id, recording what it was asked: the translation alone. */
function recordingApi(): { api: Api; seen: ApiRequestOptions[] } {
  const seen: ApiRequestOptions[] = [];
  let next = 100;
  const api = {
    transaction: (work: (tx: Api) => Promise<unknown>) => work(api as unknown as Api),
    request: (options: ApiRequestOptions) => {
      seen.push(options);
      const type = options.url.split('/')[2];
      return Promise.resolve({ status: options.method === 'POST' ? 201 : 200, headers: {}, body: { data: { type, id: String(next++) } } });
    },
  };
  return { api: api as unknown as Api, seen };
}

describe('runAtomicOperations()', () => {
  it('replaces lids in refs, hrefs, data and relationship linkage (to-one and to-many) by the ids earlier adds got', async () => {
    const { api, seen } = recordingApi();
    const operations = parseAtomicDocument(
      {
        'atomic:operations': [
          { op: 'add', href: '/v1/people', data: { type: 'people', lid: 'p', attributes: { name: 'Ann' } } },
          {
            op: 'add',
            data: {
              type: 'articles',
              lid: 'a',
              relationships: { author: { data: { type: 'people', lid: 'p' } }, tags: { data: [{ type: 'people', lid: 'p' }] } },
            },
          },
          { op: 'update', ref: { type: 'articles', lid: 'a', relationship: 'author' }, data: null },
          { op: 'update', ref: { type: 'articles', lid: 'a', relationship: 'editor' }, data: { type: 'people', lid: 'p' } },
          { op: 'remove', ref: { type: 'people', lid: 'p' } },
        ],
      },
      '/v1',
      100,
    );
    const outcome = await runAtomicOperations(api, operations, '/v1');
    expect(outcome).to.have.property('results').with.length(5);
    expect(seen.map((r) => `${r.method} ${r.url}`)).to.deep.equal([
      'POST /v1/people',
      'POST /v1/articles',
      'PATCH /v1/articles/101',
      'PATCH /v1/articles/101',
      'DELETE /v1/people/100',
    ]);
    expect(seen[0].body).to.deep.equal({ data: { type: 'people', attributes: { name: 'Ann' } } });
    expect(seen[1].body).to.deep.equal({
      data: { type: 'articles', relationships: { author: { data: { type: 'people', id: '100' } }, tags: { data: [{ type: 'people', id: '100' }] } } },
    });
    expect(seen[2].body).to.deep.equal({ data: { type: 'articles', id: '101', relationships: { author: { data: null } } } });
    expect(seen[3].body).to.deep.equal({ data: { type: 'articles', id: '101', relationships: { editor: { data: { type: 'people', id: '100' } } } } });
  });

  it('refuses a lid no earlier add declared, pointing at it', async () => {
    const { api } = recordingApi();
    const operations = parseAtomicDocument(
      { 'atomic:operations': [{ op: 'add', data: { type: 'articles', relationships: { author: { data: { type: 'people', lid: 'ghost' } } } } }] },
      '/v1',
      100,
    );
    const error = await runAtomicOperations(api, operations, '/v1').catch((e: unknown) => e);
    expect(error).to.include({ code: 'RCA_ATOMIC_INVALID', status: 400 });
    expect((error as { details: { pointer: string } }).details.pointer).to.equal('/atomic:operations/0/data/relationships/author/data/lid');
  });
});
