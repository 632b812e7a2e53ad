import { identifierProblem } from './resourceIdentifier';
import { isPlainObject } from '../config/deepMerge';
import { ApiError } from '../errors/ApiError';

/** A 400 pointing into the operations document. */
export const invalid = (pointer: string, reason: string) => new ApiError('RCA_ATOMIC_INVALID', { pointer, reason });

/** A client's member name as a JSON Pointer segment (`~` and `/` escaped), cut to 64 characters: it is echoed in errors. */
export const segment = (name: string) => name.slice(0, 64).replace(/~/g, '~0').replace(/\//g, '~1');

/** A resource identifier of linkage: `{ type, id }`, or `{ type, lid }` of an earlier add. */
export function checkIdentifier(member: unknown, pointer: string): void {
  const problem = identifierProblem(member, { lid: true });
  if (problem) throw invalid(problem.member === undefined ? pointer : `${pointer}/${problem.member}`, problem.reason);
  if (!isPlainObject(member)) throw invalid(pointer, 'must be a resource identifier: { "type": ..., "id": ... }');
  for (const name of ['type', 'id', 'lid'] as const) {
    const text = member[name];
    if (text !== undefined && (typeof text !== 'string' || !text)) throw invalid(`${pointer}/${name}`, 'must be a non-empty string');
  }
  if (member.type === undefined) throw invalid(`${pointer}/type`, 'is required');
  if ((member.id === undefined) === (member.lid === undefined)) throw invalid(pointer, 'needs an id or a lid (one of them)');
}

/** A resource object's members: an id or a lid (not both, neither empty), objects where JSON:API has objects, linkage of identifiers. */
export function checkResourceMembers(data: Record<string, unknown>, pointer: string): void {
  for (const name of ['id', 'lid'] as const) {
    const text = data[name];
    if (text !== undefined && (typeof text !== 'string' || !text)) throw invalid(`${pointer}/${name}`, 'must be a non-empty string');
  }
  if (data.id !== undefined && data.lid !== undefined) throw invalid(pointer, 'id and lid cannot both be given');
  for (const name of ['attributes', 'relationships', 'meta', 'links']) {
    if (data[name] !== undefined && !isPlainObject(data[name])) throw invalid(`${pointer}/${name}`, 'must be an object');
  }
  for (const [name, relationship] of Object.entries((data.relationships as Record<string, unknown> | undefined) ?? {})) {
    const at = `${pointer}/relationships/${segment(name)}`;
    if (!isPlainObject(relationship) || !('data' in relationship)) throw invalid(at, 'must be an object with data (linkage)');
    const linkage = relationship.data;
    if (Array.isArray(linkage)) linkage.forEach((member, index) => checkIdentifier(member, `${at}/data/${index}`));
    else if (linkage !== null) checkIdentifier(linkage, `${at}/data`);
  }
}
