import { expect } from 'chai';
import Ajv2020 from 'ajv/dist/2020';
import fc from 'fast-check';
import { ApiError } from '../../../src';
import { parseAtomicDocument } from '../../../src/jsonapi/atomicDocument';
import { atomicRequestSchema } from '../../../src/openapi/atomicSchema';

const MAX = 4;

/** What the server's parser says of a document: accepted, or the code it refuses it with. */
function parsed(document: unknown): string {
  try {
    parseAtomicDocument(document, '/v1', MAX);
    return 'accepted';
  } catch (error) {
    if (error instanceof ApiError) return error.code;
    throw error;
  }
}

const maybe = <T>(value: fc.Arbitrary<T>) => fc.option(value, { nil: undefined });
const text = fc.constantFrom('books', '1', 'new-book', '', 7 as unknown as string);
const identifier = fc.record(
  { type: fc.constantFrom('genres', '', 3 as unknown as string), id: maybe(text), lid: maybe(text), meta: fc.constant({}) },
  { requiredKeys: [] },
);
/** A resource object, mostly of the ref's type, its members right or wrong. */
const resource = fc.record(
  {
    type: fc.constantFrom('books', 'books', ''),
    id: fc.constantFrom('1', ''),
    lid: fc.constantFrom('new-book'),
    attributes: fc.constantFrom({ title: 'T' }, 'x'),
    relationships: fc.oneof(
      fc.constant({ author: { data: { type: 'authors', id: '1' } } }),
      fc.constant({ genres: { data: [] } }),
      fc.constant({ author: { data: null } }),
      fc.constant({ author: { type: 'authors', id: '1' } }),
      identifier.map((member) => ({ author: { data: member } })),
    ),
  },
  { requiredKeys: ['type'] },
);
const ref = fc.record(
  { type: fc.constantFrom('books', '', 2 as unknown as string), id: text, lid: text, relationship: fc.constantFrom('genres', ''), extra: fc.constant(1) },
  { requiredKeys: [] },
);
const href = fc.constantFrom(
  '/v1/books',
  '/books',
  '/v1/books/1',
  '/books/1',
  '/v1/books/1/relationships/genres',
  '/v2/books/1',
  '/v1',
  'books',
  '/v1/books/1/x',
  '/v1/',
);
const data = fc.oneof(resource, fc.constant(null), fc.array(identifier, { maxLength: 2 }), identifier, fc.constant('x'));
/** Any member, right or wrong. */
const noisy = fc.record(
  { op: fc.constantFrom('add', 'update', 'remove', 'bogus'), ref, href, data, meta: fc.constantFrom({}, 'x'), other: fc.constant(true) },
  { requiredKeys: [] },
);
const goodIdentifier = fc.constantFrom({ type: 'genres', id: '1' }, { type: 'genres', lid: 'new-genre' });
const books = fc.constantFrom({ ref: { type: 'books', id: '1' } }, { ref: { type: 'books', lid: 'new-book' } }, { href: '/v1/books/1' }, { href: '/books/1' });
const relationship = fc.constantFrom({ ref: { type: 'books', id: '1', relationship: 'genres' } }, { href: '/v1/books/1/relationships/genres' });
/** Operations the server takes, one of each kind. */
const valid = fc.oneof(
  fc.tuple(fc.constantFrom({}, { href: '/v1/books' }, { ref: { type: 'books' } }), resource).map(([target, d]) => ({ op: 'add', ...target, data: d })),
  fc.tuple(books, resource).map(([target, d]) => ({ op: 'update', ...target, data: d })),
  books.map((target) => ({ op: 'remove', ...target })),
  fc
    .tuple(fc.constantFrom('add', 'remove', 'update'), relationship, fc.array(goodIdentifier, { maxLength: 2 }))
    .map(([op, target, d]) => ({ op, ...target, data: d })),
  fc.tuple(relationship, fc.oneof(goodIdentifier, fc.constant(null))).map(([target, d]) => ({ op: 'update', ...target, data: d })),
);
/** A valid operation, often with one member replaced, removed or added from the noisy ones. */
const operation = fc
  .tuple(valid, fc.option(fc.tuple(noisy, fc.constantFrom('op', 'ref', 'href', 'data', 'meta', 'other'), fc.boolean()), { freq: 2 }))
  .map(([good, change]) => {
    if (!change) return good;
    const [noise, key, drop] = change;
    const changed: Record<string, unknown> = { ...good };
    if (drop) delete changed[key];
    else if (key in noise) changed[key] = noise[key];
    return changed;
  });
const document = fc.record(
  {
    'atomic:operations': fc.array(fc.oneof({ weight: 4, arbitrary: operation }, { weight: 1, arbitrary: noisy }), { maxLength: MAX + 1 }),
    jsonapi: fc.constantFrom({ version: '1.1' }, 3),
    meta: fc.constant({}),
  },
  { requiredKeys: ['atomic:operations'] },
);

describe('the atomic operations request schema', () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  const validate = ajv.compile(atomicRequestSchema({ basePath: '/v1', max: MAX }) as object);

  it('accepts exactly the documents parseAtomicDocument() accepts (generated documents, each member right or wrong)', () => {
    let accepted = 0;
    fc.assert(
      fc.property(document, (sent) => {
        const server = parsed(sent);
        expect(server, JSON.stringify(sent)).to.be.oneOf(['accepted', 'RCA_ATOMIC_INVALID', 'RCA_JSONAPI_CONFLICT']);
        const documented = validate(sent);
        if (server === 'accepted') accepted += 1;
        // A well-formed document whose data is of another type than its target (409) is one JSON Schema cannot tell.
        const wellFormed = server !== 'RCA_ATOMIC_INVALID';
        expect(documented, `${JSON.stringify(sent)}: server ${server}, document ${JSON.stringify(validate.errors?.slice(0, 2))}`).to.equal(wellFormed);
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 3000), seed: process.env.FUZZ_RUNS ? undefined : 20261126 },
    );
    // The generator reaches both sides of the line, not only refusals.
    expect(accepted).to.be.above(50);
  });

  it('points at a member the client named with its name escaped (JSON Pointer) and cut to 64 characters', () => {
    const pointerOf = (document: unknown) => {
      try {
        parseAtomicDocument(document, '/v1', MAX);
      } catch (error) {
        return (error as ApiError).details.pointer;
      }
      return undefined;
    };
    expect(pointerOf({ 'atomic:operations': [{ op: 'remove', 'a/b~c': 1 }] })).to.equal('/atomic:operations/0/a~1b~0c');
    expect(pointerOf({ 'atomic:operations': [{ op: 'remove', ['x'.repeat(5000)]: 1 }] })).to.equal(`/atomic:operations/0/${'x'.repeat(64)}`);
  });

  it('takes the documented example, an href under the base path or whole, and refuses another base path', () => {
    const one = (operation: object) => ({ 'atomic:operations': [operation] });
    for (const target of ['/v1/books/1', '/books/1']) expect(validate(one({ op: 'remove', href: target })), target).to.equal(true);
    expect(validate(one({ op: 'remove', href: '/v2/books/1' }))).to.equal(false);
    expect(parsed(one({ op: 'remove', href: '/v2/books/1' }))).to.equal('RCA_ATOMIC_INVALID');
    expect(validate(one({ op: 'remove', ref: { type: '', id: '1' } }))).to.equal(false);
    expect(validate({ 'atomic:operations': Array(MAX + 1).fill({ op: 'remove', href: '/books/1' }) }), 'over operations.max').to.equal(false);
  });
});
