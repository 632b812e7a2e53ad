/// <reference types="node" preserve="true" />
// routing-controllers-api: the public surface. Anything not named here is internal.
import 'reflect-metadata';

// Wiring
export { useApi } from './integration/useApi';
export { apiStateOf } from './context/appRegistry';
export type { UseApiOptions, ErrorListener } from './integration/useApi';
export { ApiInterceptor } from './integration/ApiInterceptor';

// Decorators (also at 'routing-controllers-api/decorators', where @Transformer keeps its name)
export { Transformer as UseTransformer } from '../decorators/Transformer';
export { AvailableIncludes } from '../decorators/AvailableIncludes';
export { Paginated } from '../decorators/Paginated';
export { Sortable } from '../decorators/Sortable';
export { Created } from '../decorators/Created';
export { Filterable } from '../decorators/Filterable';
export { Relationship } from '../decorators/Relationship';
export type { PaginatedOptions, TransformerSource } from './metadata/actionMetadata';

// Responses
export { ApiResponse, json } from './response/ApiResponse';
export type { ErrorMessage, TransformerArg } from './response/ApiResponse';
export type { RenderedResponse } from './response/RenderedResponse';

// Conditional requests
export { checkIfMatch } from './helpers/ifMatch';
export { entityTag } from './response/entityTag';

// Transformers and includes
export { Transformer } from './transformer/Transformer';
export type { FieldSchema } from './transformer/Transformer';
export { MISSING } from './transformer/fieldValues';
export type { Lazy } from './transformer/fieldValues';
export { ItemResource, CollectionResource, NullResource } from './transformer/Resource';
export type { Resource, TransformerLike, TransformFn } from './transformer/Resource';
export { RelatedRef } from './loader/RelatedRef';
export { parseIncludes } from './query/parseIncludes';
export type { IncludeParams, IncludeTree, IncludeNode, SortDirection, IncludeParseOptions } from './query/IncludeTree';

// Serializers
export { serializers } from './serializer/serializers';
export type { Serializer, PageInfo } from './serializer/Serializer';

// Pagination
export { paginate, cursorPaginate, pageRequest } from './helpers/pageRequest';
export type { CursorPage, CursorPaginator } from './pagination/cursor';
export type { CursorMeta, CursorLinks } from './pagination/cursorLinks';
export { sortOrder } from './helpers/sortOrder';
export { filterWhere } from './helpers/filterWhere';
export type { FilterableFields, FilterCondition, FilterDeclaration, FilterOperator, FilterRequest } from './metadata/filterTypes';

// OpenAPI
export { buildOpenApiDocument } from './openapi/buildDocument';
export type { OpenApiInfo, OpenApiOptions } from './openapi/buildDocument';
export { docsController, openApiDocument } from './openapi/docsController';
export { docsPage, docsScript, docsAsset } from './openapi/docsPage';
export { modelSchema } from './openapi/modelSchema';
export type { PageRequest } from './query/parsePage';
export type { Page, Paginator, PaginationMeta, PageLinks } from './pagination/Page';

// Request helpers and routes
export { isExpress, isKoa, isApiRequest, isUpdateRequest, isDeleteRequest } from './context/helpers';
export { currentContext } from './context/RequestContext';
export { requestQuery } from './query/RequestQuery';
export type { RequestQuery } from './query/RequestQuery';
export type { ActionCall, RequestContext, FrameworkName, AppState } from './context/RequestContext';
export { route } from './helpers/route';
export type { RouteParams, RouteDefinition } from './routing/RouteRegistry';

// Errors
export { ApiError, UnexpectedIncludesParameterError } from './errors/ApiError';
export { ERROR_REGISTRY } from './errors/registry';
export type { ErrorCode } from './errors/registry';

// Config
export { resolveConfig } from './config/resolveConfig';
export type { ApiConfig, ApiConfigInput, KeyCase, DateConversion, SerializerName, JsonEncodeOption } from './config/ApiConfig';

// Internal and remote requests
export { Api } from './dispatcher/Api';
export { typedApi } from './client/typedApi';
export type { ApiParams, ApiRequestOptions, HttpMethod, TransactionOptions } from './dispatcher/Api';
export { API } from './dispatcher/apiFacade';
export { InternalHttpError } from './dispatcher/InternalHttpError';
export type { ApiCallResponse } from './dispatcher/InternalHttpError';

// Composition
export { batchResponse, runBatch } from './composition/runBatch';
export type { BatchAnswer, BatchOutcome } from './composition/runBatch';
export { parseBatch } from './composition/batchRequest';
export type { BatchItem, BatchRequest } from './composition/batchRequest';
export { BATCH_OPERATION, BATCH_REQUEST_SCHEMA, BATCH_REQUEST_EXAMPLE, BATCH_REQUEST_EXAMPLE_JSON_API } from './openapi/batchSchema';

export { atomicOperationsResponse, runAtomicOperations } from './composition/atomicOperations';
export type { AtomicOutcome, AtomicResult } from './composition/atomicOperations';
export { parseAtomicDocument, ATOMIC_EXTENSION, ATOMIC_MEDIA_TYPE } from './jsonapi/atomicDocument';
export type { AtomicOperation, ResourceRef } from './jsonapi/atomicDocument';
export { ATOMIC_OPERATION, ATOMIC_REQUEST_SCHEMA, ATOMIC_REQUEST_EXAMPLE } from './openapi/atomicSchema';
export { SUCCESS_OPERATION } from './openapi/operationSpec';
export { isRelationshipPath, RELATIONSHIP_MAX_IDS } from './jsonapi/relationshipDocument';
export { readRelationshipIds } from './helpers/readRelationshipIds';
export type { RelationshipOptions } from './jsonapi/relationshipDocument';
export { checkRelationshipIfMatch, relationshipResponse, relationshipTag } from './helpers/relationshipResponse';
export { relationshipOperation } from './openapi/relationshipOperation';
export type { RelationshipOperationOptions } from './openapi/relationshipOperation';

// Observability
export { observeDatabase } from './integration/observeDatabase';
export { isWellFormedRequestId } from './observe/requestId';
export type { ApiLogger, RequestLogRecord } from './observe/ApiLogger';
export type { TimingCategory } from './observe/RequestTimer';

// Request validation
export { IsCalendarDate, parseCalendarDate, CALENDAR_DATE_PATTERN } from './validation/calendarDate';
export { Exists } from './validation/Exists';
export { findOrFail, validId } from './loader/findOrFail';
export { isModelRow, needsInstances } from './model/ModelRow';
export type { ModelRow } from './model/ModelRow';
export { definePolicy } from './policy/definePolicy';
export { visibleRows } from './helpers/visibleRows';
export { currentPrincipal } from './helpers/currentPrincipal';
export { survivePostgresConnectionErrors } from './dispatcher/postgresConnections';
export type { Policy, PolicyRules } from './policy/definePolicy';
export type { PrincipalAction, PrincipalResolver } from './context/RequestContext';
