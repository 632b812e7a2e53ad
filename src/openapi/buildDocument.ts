import { ValidationTypes } from 'class-validator';
import { validationMetadatasToSchemas } from 'class-validator-jsonschema';
import { customValidationSchema } from './customValidationSchema';
import type { RoutingControllersOptions } from 'routing-controllers';
import { getOperation, getStatusCode, IRoute } from 'routing-controllers-openapi';
import { appRoutes, openApiPath } from './appRoutes';
import { converter } from '../response/convertBody';
import type { ApiConfig } from '../config/ApiConfig';
import { JSON_API_MEDIA_TYPE } from '../jsonapi/errorDocument';
import { isBatchOperation } from './batchSchema';
import { DOCUMENTED_BODY, JSON_API_ONLY, SUCCESS_MESSAGE } from './operationSpec';
import { boundOperationBodies, classTransformerStorage, closeBodySchemas, nonEmptyRequiredBodies, useJsonApiExample } from './requestBodies';
import { describeRelationship, hiddenRelationship } from './relationshipOperation';
import { BEARER_SCHEMES, optionalBearer } from './bearerSecurity';
import { instantiate, readActionMetadata } from '../metadata/actionMetadata';
import { Transformer } from '../transformer/Transformer';
import { refusesUnknownFields } from '../validation/validationOptions';
import { errorDescription, errorSchema, errorStatuses, successSchema as messageSchema } from './errorSchemas';
import { pagination, successSchema } from './successSchemas';
import { addJsonApiBody, documentedPayloads } from './jsonApiBody';
import { actionParameters, documentJsonp, IF_MATCH, IF_MATCH_LINKAGE, strictPathIds } from './parameters';
import { ResourceSchemas } from './resourceSchemas';
import { bodyWithoutReadOnly } from './readOnlyBody';
import type { AccessView } from '../transformer/AccessView';
import { JsonSchema, ref } from './schemaTypes';

/** What the document says about the API itself. */
export interface OpenApiInfo {
  title?: string;
  version?: string;
  description?: string;
}

/** What `buildOpenApiDocument()` describes: the app's config and routing options, the document's info, and a caller's view for a per-role document. */
export interface OpenApiOptions {
  config: ApiConfig;
  /** The controllers and route prefix given to useApi(). */
  /** The routing options given to useApi() (`validation` decides whether request bodies may carry undeclared fields). */
  routing?: Pick<RoutingControllersOptions, 'controllers' | 'routePrefix' | 'validation'>;
  info?: OpenApiInfo;
  /** A principal's view: the document then describes only what that principal may do. */
  access?: AccessView;
  /**
   * The app resolves who is asking (useApi()'s `principal`): the document then names a bearer scheme,
   * optional on every operation (an anonymous caller is served too), and a 401 for a credential
   * that does not verify.
   */
  authenticated?: boolean;
}

type Operation = Record<string, unknown> & { responses: Record<string, Record<string, unknown>>; parameters?: unknown[] };

/**
 * An OpenAPI 3.1 document of the app's routes: routes and parameters from routing-controllers'
 * metadata (routing-controllers-openapi), request bodies from the class-validator classes
 * (class-validator-jsonschema), and from this library's decorators the response of each action in
 * the configured serializer (the transformer's declared `schema`, includes as optional members,
 * pagination), its query parameters (include, exclude, fields, sort, page, callback) and the error
 * responses it can give, with the error body.
 *
 * @example
 * const document = buildOpenApiDocument({ config: resolveConfig(), routing: { controllers: [BooksController] }, info: { title: 'Books' } });
 */
export function buildOpenApiDocument({ config, routing = {}, info = {}, access, authenticated = false }: OpenApiOptions): Record<string, unknown> {
  const convert = converter(config.convert.key, null);
  const key = (name: string) => convert.key(name);
  const requestSchemas = validationMetadatasToSchemas({
    refPointerPrefix: '#/components/schemas/',
    additionalConverters: { [ValidationTypes.CUSTOM_VALIDATION]: customValidationSchema },
    // @Type(() => Line) on a nested list: without it the items' schema is the property's design type, Array.
    classTransformerMetadataStorage: classTransformerStorage(),
  }) as Record<string, JsonSchema>;
  const resources = new ResourceSchemas(config.serializer, key, access);
  const routes = appRoutes(routing);
  const paths: Record<string, Record<string, Operation>> = {};
  const operationIds = new Set<string>();
  for (const route of routes) {
    const path = openApiPath(route);
    const method = route.action.type.toLowerCase();
    if (access && hiddenRelationship(readActionMetadata(route.action.target, route.action.method), access)) continue;
    const operation = getOperation(route, requestSchemas) as unknown as Operation;
    const jsonApiOnly = operation[JSON_API_ONLY] === true;
    delete operation[JSON_API_ONLY];
    if (jsonApiOnly && config.serializer !== 'json-api') continue;
    useJsonApiExample(operation, config.serializer === 'json-api');
    if (operationIds.has(operation.operationId as string)) operation.operationId = `${operation.operationId as string}.${method}`;
    operationIds.add(operation.operationId as string);
    describeAction(operation, route, path, method, { config, resources, key, requestSchemas, access });
    if (authenticated) optionalBearer(operation, config.serializer === 'json-api' ? JSON_API_MEDIA_TYPE : 'application/json');
    boundOperationBodies(operation, path, config.operations.max);
    (paths[path] ??= {})[method] = operation;
  }
  if (refusesUnknownFields(routing.validation)) closeBodySchemas(paths, requestSchemas);
  // After closeBodySchemas, which reads the bodies' plain references.
  nonEmptyRequiredBodies(paths);
  return {
    openapi: '3.1.0',
    info: { title: info.title ?? 'API', version: info.version ?? '1.0.0', ...(info.description ? { description: info.description } : {}) },
    ...(config.app.url ? { servers: [{ url: config.app.url }] } : {}),
    paths,
    components: {
      schemas: {
        ...requestSchemas,
        ...resources.components,
        Error: errorSchema(config),
        ...(config.serializer === 'json-api' ? {} : { Pagination: pagination(key) }),
      },
      ...(authenticated ? { securitySchemes: BEARER_SCHEMES } : {}),
    },
  };
}

interface Context {
  config: ApiConfig;
  resources: ResourceSchemas;
  key: (name: string) => string;
  /** The request classes' schemas, by class name (what `#/components/schemas/<name>` points at). */
  requestSchemas: Record<string, JsonSchema>;
  access: AccessView | undefined;
}

const WRITES = new Set(['put', 'patch', 'delete']);

/** Adds what this library knows of one action to the operation routing-controllers-openapi made. */
function describeAction(operation: Operation, route: IRoute, path: string, method: string, { config, resources, key, requestSchemas, access }: Context): void {
  const metadata = readActionMetadata(route.action.target, route.action.method);
  const source = metadata.transformer && instantiate(metadata.transformer.transformer);
  const transformer = source instanceof Transformer ? source : undefined;
  const type = metadata.transformer?.resourceKey ?? 'resources';
  const jsonApi = config.serializer === 'json-api';
  const mediaType = jsonApi ? JSON_API_MEDIA_TYPE : 'application/json';
  const hasPathParams = path.includes('{');
  const hasBody = operation.requestBody !== undefined;
  operation.parameters = [...(operation.parameters ?? []), ...actionParameters(config, metadata, transformer, method, key, access)];
  if (operation.parameters.length === 0) delete operation.parameters;
  const documentedBody = (operation as Record<string, unknown>)[DOCUMENTED_BODY] === true;
  delete (operation as Record<string, unknown>)[DOCUMENTED_BODY];
  const answersMessage = operation[SUCCESS_MESSAGE] === true;
  delete operation[SUCCESS_MESSAGE];
  const relationshipStatus = describeRelationship(operation, mediaType, jsonApi);
  documentedPayloads(operation, jsonApi);
  // A principal's document: the fields of the body it may not write are not offered.
  const written = access && (transformer ? access.modelOf(transformer as Transformer) : undefined);
  if (hasBody) bodyWithoutReadOnly(operation, written ?? metadata.created?.() ?? metadata.filterable?.model(), transformer, access, requestSchemas);
  if (hasBody && jsonApi && !documentedBody && !relationshipStatus) {
    addJsonApiBody(operation, { type: metadata.transformer?.resourceKey, transformer, update: method !== 'post' && hasPathParams, requestSchemas });
  }

  // `@Created` answers 201 by itself: the 200 routing-controllers-openapi assumed is not a response.
  const status = relationshipStatus ?? (metadata.created ? '201' : getStatusCode(route));
  if (status !== getStatusCode(route)) delete operation.responses[getStatusCode(route)];
  const documented = operation.responses[status] as { content?: Record<string, { schema?: unknown }> } | undefined;
  const userSchema = documented?.content && Object.values(documented.content).some((content) => content.schema !== undefined);
  if (!userSchema && !relationshipStatus) {
    const schema = answersMessage ? messageSchema(config) : successSchema(metadata, transformer, type, { config, resources, key }, hasPathParams);
    const response: Record<string, unknown> = { description: status === '201' ? 'Created' : 'Successful response' };
    // In json-api mode any payload is sent as a JSON:API document (a free-form one as its meta).
    response.content = { [mediaType]: schema ? { schema } : {} };
    if (status === '201') response.headers = { Location: { description: 'The URL of the created resource', schema: { type: 'string', format: 'uri' } } };
    if (status === '200' && method === 'get' && metadata.transformer && !metadata.paginated && hasPathParams) {
      response.headers = { ETag: { description: 'Send it back in If-None-Match (304) or If-Match (412 when stale)', schema: { type: 'string' } } };
    }
    operation.responses[status] = response;
  }
  // A relationship's writes (POST adds members) are conditional on the linkage's tag, not the resource's.
  const conditional = hasPathParams && (WRITES.has(method) || (relationshipStatus !== undefined && method === 'post'));
  if (conditional) operation.parameters = [...(operation.parameters ?? []), relationshipStatus ? IF_MATCH_LINKAGE : IF_MATCH];
  strictPathIds(operation);
  const linkage = relationshipStatus !== undefined && hasBody;
  for (const error of errorStatuses(config, { hasPathParams, hasBody, conditional, linkage })) {
    operation.responses[String(error)] ??= { description: errorDescription(error), content: { [mediaType]: { schema: ref('Error') } } };
  }
  if (documentedBody && operation.requestBody && isBatchOperation(operation)) {
    // An atomic batch that fails answers the status of its failing request, whatever it is.
    operation.responses.default ??= {
      description: "The failing request's status: an atomic batch rolled back",
      content: { [mediaType]: { schema: ref('Error') } },
    };
  }
  if (method === 'get' && config.jsonp.enabled) documentJsonp(config, operation);
}
