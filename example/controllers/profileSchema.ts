import type { OpenAPI } from 'routing-controllers-openapi';

type OperationSpec = Exclude<Parameters<typeof OpenAPI>[0], (...args: never[]) => unknown>;

const component = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/**
 * GET /v1/authors/:id/profile, documented in both modes (each document keeps its own): the array
 * modes' body, and json-api mode's compound document (the author, the latest books in `included`).
 */
export const PROFILE_OPERATION: OperationSpec = {
  responses: {
    '200': {
      description: 'The author, their latest three books and how many they have',
      content: {
        'application/json': {
          schema: {
            type: 'object',
            properties: {
              author: component('Author'),
              latest_books: { type: 'array', maxItems: 3, items: component('Book') },
              book_count: { type: 'integer', minimum: 0 },
            },
            required: ['author', 'latest_books', 'book_count'],
            additionalProperties: false,
          },
        },
        'application/vnd.api+json': {
          schema: {
            type: 'object',
            properties: {
              jsonapi: { type: 'object' },
              data: {
                type: 'object',
                properties: {
                  type: { const: 'authors' },
                  id: { type: 'string' },
                  attributes: { $ref: '#/components/schemas/Author/properties/attributes' },
                  relationships: {
                    type: 'object',
                    properties: {
                      latest_books: {
                        type: 'object',
                        properties: {
                          data: {
                            type: 'array',
                            maxItems: 3,
                            items: { type: 'object', properties: { type: { const: 'books' }, id: { type: 'string' } }, required: ['type', 'id'] },
                          },
                        },
                        required: ['data'],
                      },
                    },
                    required: ['latest_books'],
                  },
                  links: { type: 'object' },
                },
                required: ['type', 'id', 'attributes', 'relationships'],
                additionalProperties: false,
              },
              included: { type: 'array', maxItems: 3, items: component('Book') },
              meta: { type: 'object', properties: { book_count: { type: 'integer', minimum: 0 } }, required: ['book_count'], additionalProperties: false },
            },
            required: ['data', 'included', 'meta'],
            additionalProperties: false,
          },
        },
      },
    },
  },
};
