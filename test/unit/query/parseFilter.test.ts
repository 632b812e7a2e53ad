import { expect } from 'chai';
import fc from 'fast-check';
import type { Model, ModelStatic } from 'sequelize';
import { ApiError } from '../../../src';
import type { FilterField, FilterOperator, FilterValueType } from '../../../src/metadata/filterTypes';
import { DEFAULT_FILTER_LIMITS, parseFilter } from '../../../src/query/parseFilter';

/** A declared field as filterFields() resolves one; the parser reads its name, operators and type. */
function field(name: string, type: FilterValueType, operators: FilterOperator[], search?: string[]): FilterField {
  return { name, type, operators: new Set(operators), steps: [], model: {} as ModelStatic<Model>, attribute: name, ...(search ? { search } : {}) };
}

const FIELDS = new Map<string, FilterField>([
  ['title', field('title', 'string', ['eq', 'contains', 'in'])],
  ['pages', field('pages', 'integer', ['eq', 'gte', 'between', 'null'])],
  ['rating', field('rating', 'number', ['gt'])],
  ['out_of_print', field('out_of_print', 'boolean', ['eq'])],
  ['published_at', field('published_at', 'dateonly', ['gte', 'lt'])],
  ['created', field('created', 'date', ['gte'])],
  ['q', field('q', 'string', [], ['title', 'description'])],
]);

const parse = (search: string, limits = DEFAULT_FILTER_LIMITS) => parseFilter(new URLSearchParams(search), FIELDS, limits);

/** The reason a filter is refused (400 RCA_FILTER_INVALID). */
function reason(search: string, limits = DEFAULT_FILTER_LIMITS): string {
  try {
    parse(search, limits);
  } catch (error) {
    expect((error as ApiError).code).to.equal('RCA_FILTER_INVALID');
    return String((error as ApiError).details.reason);
  }
  throw new Error(`${search} was accepted`);
}

describe('parseFilter()', () => {
  it('is null without a filter; reads each declared field with its operator (eq when none), its value typed by the column', () => {
    expect(parse('page=2&sort=title')).to.equal(null);
    const request = parse(
      'filter[title]=Dune&filter[pages][gte]=100&filter[rating][gt]=4.5&filter[out_of_print]=0&filter[published_at][lt]=2020-01-01&filter[created][gte]=2024-05-01T12:00:00Z',
    )!;
    expect(request.all.map(({ field: { name }, operator, value }) => [name, operator, value])).to.deep.equal([
      ['title', 'eq', 'Dune'],
      ['pages', 'gte', 100],
      ['rating', 'gt', 4.5],
      ['out_of_print', 'eq', false],
      ['published_at', 'lt', '2020-01-01'],
      ['created', 'gte', new Date('2024-05-01T12:00:00Z')],
    ]);
    expect(request.any).to.deep.equal([]);
    expect(Object.isFrozen(request)).to.equal(true);
  });

  it('reads lists, null tests, searches and OR groups (in the order of their numbers)', () => {
    const request = parse(
      'filter[title][in]=A,B&filter[pages][between]=10,20&filter[pages][null]=false&filter[q]=silent -river&filter[or][1][title]=X&filter[or][0][pages]=3',
    )!;
    expect(request.all.map((condition) => condition.value)).to.deep.equal([['A', 'B'], [10, 20], false, 'silent -river']);
    expect(request.all[3].operator).to.equal('search');
    expect(request.any.map((group) => group.map((condition) => condition.value))).to.deep.equal([[3], ['X']]);
  });

  it('refuses what it cannot read, naming the parameter, the operator and what is allowed', () => {
    expect(reason('filter[isbn]=1')).to.match(/"isbn" cannot be filtered by here; filterable: title, pages/);
    expect(reason('filter[title][gte]=A')).to.equal('"gte" is not an operator of title; allowed: eq, contains, in');
    expect(reason('filter[rating]=4')).to.match(/^"eq" \(what filter\[rating\]=value means\) is not an operator of rating/);
    expect(reason('filter[pages]=ten')).to.equal('"ten" is not an integer');
    expect(reason('filter[published_at][gte]=2020-13-45')).to.match(/is not an ISO 8601 date/);
    expect(reason('filter[pages][between]=1')).to.equal('is two values: low,high');
    expect(reason('filter[pages][null]=maybe')).to.equal('is true (no value) or false (a value)');
    expect(reason('filter[title][contains]=')).to.equal('is empty');
    expect(reason('filter[q]=%20')).to.equal('the search is empty');
    expect(reason('filter[q][eq]=x')).to.match(/is a search/);
    expect(reason('filter[title]=a&filter[title]=b')).to.equal('is given more than once');
    expect(reason('filter[or][x][title]=a')).to.match(/OR group/);
    expect(reason('filter[or][0][or][1][title]=a')).to.match(/do not nest/);
    expect(reason('filter=x')).to.match(/write filter\[field\]=value/);
    expect(reason(`filter[title]=${'é'.repeat(1001)}`)).to.match(/at most 1000 characters/);
    expect(reason('filter[title]=a%00b')).to.match(/NUL/);
    expect(reason('filter[title][in]=a,b,c', { maxConditions: 20, maxListSize: 2 })).to.match(/at most 2 values/);
    expect(reason('filter[title]=a&filter[pages]=1', { maxConditions: 1, maxListSize: 100 })).to.match(/at most 1 conditions/);
  });

  it('gives one canonical spelling whatever the order of the parameters (a cursor is bound to it)', () => {
    fc.assert(
      fc.property(
        fc.shuffledSubarray(['filter[title]=A', 'filter[pages][gte]=3', 'filter[or][0][title]=B', 'filter[or][1][pages]=4'], { minLength: 1 }),
        (parts) => {
          const forward = parse(parts.join('&'))!.canonical;
          expect(parse([...parts].reverse().join('&'))!.canonical).to.equal(forward);
        },
      ),
      { seed: 20261126 },
    );
  });

  it('any query string is null, a request, or a 400: never another error (fast-check)', () => {
    const key = fc.constantFrom('filter', 'filter[title]', 'filter[pages][gte]', 'filter[or][0][title]', 'filter[', 'filter[a]x', 'filter[title][in]', 'other');
    fc.assert(
      fc.property(fc.array(fc.tuple(key, fc.string({ maxLength: 30 })), { maxLength: 6 }), (pairs) => {
        const query = new URLSearchParams();
        for (const [name, value] of pairs) query.append(name, value);
        try {
          parseFilter(query, FIELDS, DEFAULT_FILTER_LIMITS);
        } catch (error) {
          expect(error).to.be.instanceOf(ApiError);
          expect((error as ApiError).code).to.equal('RCA_FILTER_INVALID');
        }
      }),
      { numRuns: 500, seed: 20261126 },
    );
  });
});
