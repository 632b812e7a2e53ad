import type { RequestContext } from '../context/RequestContext';
import { ApiError } from '../errors/ApiError';
import { fieldKey } from '../text/fieldKey';
import { actionResourceKey, actionTransformer } from '../metadata/actionMetadata';
import { includeShapes } from '../transformer/includeShapes';
import { Transformer } from '../transformer/Transformer';
import { documentResource, DocumentResource } from './requestDocument';

const UPDATES = new Set(['PATCH', 'PUT']);

function conflict(pointer: string, reason: string): ApiError {
  return new ApiError('RCA_JSONAPI_CONFLICT', { reason, pointer });
}

/**
 * Checks a JSON:API request document against the route it was sent to, before the action runs
 * (JSON:API 1.1): `data.type` must be the action's resource type and a relationship's type the
 * type its include names (409); a client-generated `data.id` on create is a 403; an update must
 * carry the id of its URL (400 without, 409 for another).
 *
 * @example
 * checkRequestDocument(context, { id: '2' }); // throws 409 for { data: { type: 'books', id: '3' } }
 */
export function checkRequestDocument(context: RequestContext, params: Readonly<Record<string, unknown>> | undefined): void {
  const resource = documentResource(context);
  if (!resource) return;
  const expected = actionResourceKey(context);
  if (expected !== undefined && resource.type !== expected) {
    throw conflict('/data/type', `data.type is "${resource.type.slice(0, 40)}", but this endpoint takes "${expected}"`);
  }
  checkId(context.method, resource, params?.id as string | number | undefined);
  checkRelationshipTypes(context, resource);
}

function checkId(method: string, resource: DocumentResource, routeId: string | number | undefined): void {
  if (method === 'POST' && resource.id !== undefined) throw new ApiError('RCA_JSONAPI_CLIENT_ID');
  if (!UPDATES.has(method) || routeId === undefined) return;
  if (resource.id === undefined) throw new ApiError('RCA_JSONAPI_DOCUMENT', { reason: 'data.id is required to update a resource' });
  if (resource.id !== String(routeId)) {
    throw conflict('/data/id', `data.id is "${resource.id.slice(0, 40)}", but the URL names "${routeId}"`);
  }
}

/** A relationship's identifier must have the type the transformer's include of that name gives. */
function checkRelationshipTypes(context: RequestContext, resource: DocumentResource): void {
  const transformer = actionTransformer(context);
  if (!(transformer instanceof Transformer) || resource.relationships.length === 0) return;
  const types = new Map(includeShapes(transformer as Transformer).map((shape) => [fieldKey(shape.name), shape.kind === 'unknown' ? undefined : shape.type]));
  for (const { name, linkage } of resource.relationships) {
    const type = types.get(fieldKey(name));
    if (linkage && type !== undefined && linkage.type !== type) {
      throw conflict(`/data/relationships/${name}/data/type`, `relationships.${name} is of type "${type}", not "${linkage.type.slice(0, 40)}"`);
    }
  }
}
