import type { OpenAPI } from 'routing-controllers-openapi';

/** What `@OpenAPI()` takes as an operation. */
export type OperationSpec = Exclude<Parameters<typeof OpenAPI>[0], (...args: never[]) => unknown>;

/** A schema as an operation's request body holds it. */
export type SchemaSpec = NonNullable<Extract<NonNullable<OperationSpec['requestBody']>, { content: unknown }>['content'][string]['schema']>;

/** What `@OpenAPI()` takes as a function: the generated operation in, the operation to document out. */
export type OperationRewrite = (
  source: Parameters<Extract<Parameters<typeof OpenAPI>[0], (...args: never[]) => unknown>>[0],
) => ReturnType<Extract<Parameters<typeof OpenAPI>[0], (...args: never[]) => unknown>>;

/** Marks an operation whose request body is documented whole: buildDocument() adds no JSON:API document to it. */
export const DOCUMENTED_BODY = 'x-rca-documented-body';

/** Marks an operation that exists in json-api mode only (atomic operations): the other documents leave it out. */
export const JSON_API_ONLY = 'x-rca-json-api-only';

/** Marks an action that answers `json().success(message)`: its 200 is documented as that body. */
export const SUCCESS_MESSAGE = 'x-rca-success-message';

/**
 * `@OpenAPI(SUCCESS_OPERATION)` on an action that answers `json().success(message)` (an update, a
 * delete): its 200 is documented as the success body (`successFormat`), not as its `@Transformer`'s
 * resource, which it may carry for other reasons (the type a JSON:API request document must have).
 *
 * @example
 * \@Put('/:id') \@Transformer(BookTransformer, { resourceKey: 'books' }) \@OpenAPI(SUCCESS_OPERATION)
 * update(...) { ...; return json().success('Updated'); }
 */
export const SUCCESS_OPERATION = Object.freeze({ [SUCCESS_MESSAGE]: true });

/** An operation's request example in json-api mode, where the one shown otherwise would be refused. */
export const JSON_API_EXAMPLE = 'x-rca-json-api-example';

/**
 * An operation whose request body is exactly `spec`'s (the generator adds a media type per `@Body()`,
 * and json-api mode a resource document; an endpoint that reads one kind of document documents only
 * that one), answering 200 with `response` as `responseType`.
 */
export function replacingBody(spec: OperationSpec, responseType: string, response: SchemaSpec): OperationRewrite {
  return (source) => ({
    ...source,
    ...spec,
    [DOCUMENTED_BODY]: true,
    requestBody: spec.requestBody,
    responses: { ...source.responses, '200': { description: 'Successful response', content: { [responseType]: { schema: response } } } },
  });
}
