import type { OpenAPI } from 'routing-controllers-openapi';

/** What `@OpenAPI()` takes as an operation. */
export type OperationSpec = Exclude<Parameters<typeof OpenAPI>[0], (...args: never[]) => unknown>;

/** A schema as an operation's request body holds it. */
export type SchemaSpec = NonNullable<Extract<NonNullable<OperationSpec['requestBody']>, { content: unknown }>['content'][string]['schema']>;
