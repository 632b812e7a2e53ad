import { identifierProblem } from './resourceIdentifier';
import { isPlainObject } from '../config/deepMerge';
import { ApiError } from '../errors/ApiError';
import { longerThan } from '../validation/characters';

/** `/books/1/relationships/genres`: a relationship endpoint, as JSON:API names them. */
const RELATIONSHIP_PATH = /\/relationships\/[^/]+\/?$/;

/** The most identifiers one relationship request may name, unless the endpoint says otherwise. */
export const RELATIONSHIP_MAX_IDS = 100;

/** What a to-many relationship endpoint accepts. */
export interface RelationshipOptions {
  /** The type of the related resources (`genres`): an identifier of another type is a 409. */
  type: string;
  /** The most identifiers one request may name (RELATIONSHIP_MAX_IDS by default). */
  max?: number;
}

/**
 * True for a request to a relationship endpoint: its body is a linkage document (`{ "data": [...] }`),
 * read whole by the endpoint, not a resource document flattened into fields.
 *
 * @example
 * isRelationshipPath('/v1/books/1/relationships/genres'); // true
 */
export function isRelationshipPath(path: string): boolean {
  return RELATIONSHIP_PATH.test(path);
}

const invalid = (pointer: string, reason: string) => new ApiError('RCA_RELATIONSHIP_DOCUMENT', { pointer, reason });

/** An identifier's id as sent: a string (JSON:API), or in array mode a whole number too. */
function idOf(member: Record<string, unknown>, pointer: string, strict: boolean): string {
  const { id } = member;
  if (typeof id === 'string' && id.length > 0 && !longerThan(id, MAX_ID)) return id;
  if (!strict && typeof id === 'number' && Number.isSafeInteger(id)) return String(id);
  throw invalid(`${pointer}/id`, `must be a string of 1 to ${MAX_ID} characters${strict ? '' : ', or a whole number'}`);
}

/** The longest id an identifier may have, in characters. */
const MAX_ID = 64;

/**
 * The ids a to-many relationship document names: `{ "data": [{ "type": "genres", "id": "2" }] }`,
 * each once, at most `max`. Not a list of identifiers: 400 pointing at the member; an identifier of
 * another type: 409. In json-api mode ids must be strings, as JSON:API writes them.
 *
 * @example
 * readRelationshipIds({ data: [{ type: 'genres', id: '2' }, { type: 'genres', id: '5' }] }, { type: 'genres' }); // ['2', '5']
 */
export function relationshipIds(document: unknown, { type, max = RELATIONSHIP_MAX_IDS, strict }: RelationshipOptions & { strict: boolean }): string[] {
  if (!isPlainObject(document) || !Array.isArray(document.data)) throw invalid('/data', 'must be a list of resource identifiers ({ "type", "id" })');
  const extra = Object.keys(document).find((key) => key !== 'data' && key !== 'meta' && key !== 'jsonapi');
  if (extra) throw invalid(`/${extra.slice(0, 40)}`, 'is not a member of a relationship document');
  const members = document.data as unknown[];
  if (members.length > max) throw invalid('/data', `names ${members.length} resources, over the ${max} one request may name`);
  const ids = members.map((member, index) => {
    const pointer = `/data/${index}`;
    const problem = identifierProblem(member);
    if (problem) throw invalid(problem.member === undefined ? pointer : `${pointer}/${problem.member}`, problem.reason);
    if (!isPlainObject(member)) throw invalid(pointer, 'must be a resource identifier ({ "type", "id" })');
    if (typeof member.type !== 'string' || member.type === '') throw invalid(`${pointer}/type`, `must name the type of the members ("${type}")`);
    if (member.type !== type) {
      throw new ApiError('RCA_JSONAPI_CONFLICT', {
        pointer: `${pointer}/type`,
        reason: `this relationship holds "${type}", not "${String(member.type).slice(0, 40)}"`,
      });
    }
    return idOf(member, pointer, strict);
  });
  return [...new Set(ids)];
}
