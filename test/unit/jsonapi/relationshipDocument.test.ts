import { expect } from 'chai';
import { ApiError } from '../../../src/errors/ApiError';
import { relationshipIds } from '../../../src/jsonapi/relationshipDocument';

/** relationshipIds() as an app in `serializer` mode reads them (readRelationshipIds() gives it the request's mode). */
const read = (document: unknown, serializer = 'array') => relationshipIds(document, { type: 'genres', max: 3, strict: serializer === 'json-api' });

/** The code, status and message of what read() threw. */
function refusal(document: unknown, serializer = 'array'): [string, number, string] {
  try {
    read(document, serializer);
  } catch (error) {
    if (error instanceof ApiError) return [error.code, error.status, error.message];
    throw error;
  }
  throw new Error('nothing was refused');
}

describe('relationshipIds()', () => {
  it('reads the ids once each, as strings; numbers too in array mode', () => {
    expect(
      read({
        data: [
          { type: 'genres', id: '2' },
          { type: 'genres', id: 5 },
          { type: 'genres', id: '2' },
        ],
      }),
    ).to.deep.equal(['2', '5']);
    expect(read({ data: [] })).to.deep.equal([]);
  });

  it('counts an id in characters, as the document does: 64 emoji are one id, 65 are not', () => {
    expect(read({ data: [{ type: 'genres', id: '😀'.repeat(64) }] })).to.have.length(1);
    expect(refusal({ data: [{ type: 'genres', id: '😀'.repeat(65) }] }, 'json-api')).to.deep.equal([
      'RCA_RELATIONSHIP_DOCUMENT',
      400,
      'The request body is not a relationship document at "/data/0/id": must be a string of 1 to 64 characters',
    ]);
  });

  it('points a missing or empty type at /data/n/type with a 400 (another type is a 409)', () => {
    for (const member of [{ id: '3' }, { type: '', id: '3' }, { type: 7, id: '3' }]) {
      expect(refusal({ data: [member] })).to.deep.equal([
        'RCA_RELATIONSHIP_DOCUMENT',
        400,
        'The request body is not a relationship document at "/data/0/type": must name the type of the members ("genres")',
      ]);
    }
    expect(refusal({ data: [{ type: 'authors', id: '3' }] }).slice(0, 2)).to.deep.equal(['RCA_JSONAPI_CONFLICT', 409]);
  });

  it('refuses what is not a linkage document, naming the member', () => {
    expect(refusal({ data: { type: 'genres', id: '1' } })[2]).to.match(/at "\/data"/);
    expect(refusal({ data: [], links: {} })[2]).to.match(/at "\/links"/);
    expect(refusal({ data: [{ type: 'genres', id: '1', lid: 'x' }] })[2]).to.match(/at "\/data\/0\/lid"/);
    expect(refusal({ data: [1, 2, 3, 4].map((id) => ({ type: 'genres', id })) })[2]).to.match(/names 4 resources, over the 3/);
    expect(refusal({ data: [{ type: 'genres', id: 3 }] }, 'json-api')[2]).to.match(/must be a string of 1 to 64 characters$/);
  });
});
