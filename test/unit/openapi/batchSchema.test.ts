import Ajv2020 from 'ajv/dist/2020';
import { expect } from 'chai';
import { parseBatch } from '../../../src/composition/batchRequest';
import { BATCH_REQUEST_EXAMPLE, BATCH_REQUEST_EXAMPLE_JSON_API, BATCH_REQUEST_SCHEMA } from '../../../src/openapi/batchSchema';

const validate = new Ajv2020({ strict: false }).compile(BATCH_REQUEST_SCHEMA as object);

/** True when parseBatch() takes the document. */
const parses = (document: unknown) => {
  try {
    parseBatch(document, 100);
    return true;
  } catch {
    return false;
  }
};

describe('BATCH_REQUEST_SCHEMA', () => {
  it('refuses what parseBatch() refuses: a body on GET, HEAD or DELETE, a url the dispatcher reads as another host, a control character in a header', () => {
    const refused = [
      ...['GET', 'HEAD', 'DELETE'].map((method) => ({ requests: [{ method, url: '/v1/books/1', body: {} }] })),
      ...['//evil.example/x', '/\\evil.example/x', '/\\x'].map((url) => ({ requests: [{ method: 'GET', url }] })),
      { requests: [{ method: 'GET', url: '/v1/books/1', headers: { accept: 'application/json\u0000' } }] },
      { requests: [{ method: 'GET', url: '/v1/books/1', headers: { 'if-match': '"a"\r\nx-evil: 1' } }] },
    ];
    for (const document of refused) {
      expect(parses(document), JSON.stringify(document)).to.equal(false);
      expect(validate(document), JSON.stringify(document)).to.equal(false);
    }
  });

  it('takes what parseBatch() takes: both documented examples, a POST body, DELETE without one', () => {
    const taken = [
      BATCH_REQUEST_EXAMPLE,
      BATCH_REQUEST_EXAMPLE_JSON_API,
      {
        requests: [
          { method: 'POST', url: '/v1/books', body: { title: 'x' } },
          { method: 'DELETE', url: '/v1/books/1' },
        ],
      },
    ];
    for (const document of taken) {
      expect(parses(document), JSON.stringify(document)).to.equal(true);
      expect(validate(document), JSON.stringify(validate.errors)).to.equal(true);
    }
  });
});
