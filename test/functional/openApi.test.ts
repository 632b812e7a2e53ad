import { expect } from 'chai';
import vm from 'node:vm';
import SwaggerParser from '@apidevtools/swagger-parser';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { ATOMIC_MEDIA_TYPE } from '../../src';
import { sparseDocument } from './documentRules';
import { onBothFrameworks } from './exampleServer';
import type { TestResponse } from '../fixture/app';
import { Book } from '../../example/models';
import { DEVELOPMENT_KEY, tokenFor } from '../../example/auth';
import { SEEDED_USERS } from '../../example/seeders/004-callers';

type Document = { paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema?: object }> }> }>> };

/**
 * Validates responses against the schemas the document gives them, $refs resolved inside the
 * document; `{ sparse: true }` for the response to a request that named fields (`fields[books]`).
 */
function responseValidator(document: Document) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(document, 'openapi.json');
  ajv.addSchema(sparseDocument(document), 'sparse.json');
  const pointer = (...parts: string[]) => parts.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
  return (path: string, method: string, res: TestResponse, { sparse = false } = {}) => {
    const mediaType = (res.headers.get('content-type') ?? '').split(';')[0];
    const operation = document.paths[path]?.[method];
    expect(operation, `${method} ${path} is documented`).to.not.equal(undefined);
    expect(operation.responses, `${method} ${path} documents ${res.status}`).to.have.property(String(res.status));
    expect(operation.responses[res.status].content, `${method} ${path} ${res.status} documents ${mediaType}`).to.have.property(mediaType);
    const validate = ajv.compile({
      $ref: `${sparse ? 'sparse' : 'openapi'}.json#/${pointer('paths', path, method, 'responses', String(res.status), 'content', mediaType, 'schema')}`,
    });
    expect(validate(res.body), `${method} ${path} ${res.status}: ${JSON.stringify(validate.errors?.slice(0, 3))}`).to.equal(true);
  };
}

for (const serializer of ['array', 'json-api'] as const) {
  type JsonSchemaLike = { properties?: Record<string, JsonSchemaLike>; anyOf?: JsonSchemaLike[]; additionalProperties?: unknown; type?: string };

  onBothFrameworks(
    `OpenAPI 3.1 document of the example (${serializer})`,
    (app) => {
      let document: Document;
      let check: ReturnType<typeof responseValidator>;
      before(async () => {
        const res = await app().get('/v1/openapi.json');
        expect(res.status).to.equal(200);
        document = res.body as Document;
        check = responseValidator(document);
      });

      it("types an include's aggregates by the column they read: min/max of a date as a date, no sum or avg of one (the server refuses them)", () => {
        const schemas = JSON.stringify((document as unknown as { components: { schemas: unknown } }).components.schemas);
        const member = (name: string) => {
          const at = schemas.indexOf(`"${name}":`);
          return at < 0 ? undefined : schemas.slice(at, at + 120);
        };
        // Array envelopes name them as members; a JSON:API document describes its meta otherwise.
        if (serializer === 'json-api') return expect(member('comments_sum_rating')).to.equal(undefined);
        expect(member('books_sum_published_at')).to.equal(undefined);
        expect(member('books_avg_published_at')).to.equal(undefined);
        expect(member('books_min_published_at')).to.include('"format":"date-time"');
        expect(member('comments_sum_rating')).to.include('"type":"number"');
      });

      it('says which members a sparse fieldset may leave out, machine-readably, on every resource whose fields are required', () => {
        const schemas = (document as unknown as { components: { schemas: Record<string, JsonSchemaLike & Record<string, unknown>> } }).components.schemas;
        for (const name of ['Book', 'Author', 'Comment']) {
          const fieldsOf = serializer === 'json-api' ? (schemas[name].properties!.attributes as Record<string, unknown>) : schemas[name];
          expect(fieldsOf['x-sparse-fieldset'], name).to.deep.equal({
            parameter: `fields[${name.toLowerCase()}s]`,
            required: serializer === 'json-api' ? [] : ['id'],
          });
        }
      });

      it("documents an include collection's meta when its limit cut it, and a JSON:API relationship's meta: aggregates and the cut", async () => {
        const res = await app().get('/v1/books/2?include=comments:limit(1)');
        const book = serializer === 'json-api' ? res.body.data.relationships.comments : res.body.comments;
        expect(book.meta).to.deep.equal({ limit: 1, offset: 0, more: true });
        check('/v1/books/{id}', 'get', res);
        type Described = { properties: Record<string, Described>; required?: string[] };
        const schema = (document as unknown as { components: { schemas: Record<string, Described> } }).components.schemas.Book;
        const meta =
          serializer === 'json-api' ? schema.properties.relationships.properties.comments.properties.meta : schema.properties.comments.properties.meta;
        expect(Object.keys(meta.properties)).to.include.members(['limit', 'offset', 'more']);
        if (serializer === 'array') expect(meta.required).to.deep.equal(['limit', 'offset', 'more']);
        else expect(Object.keys(meta.properties)).to.include.members(['count', 'exists', 'sum', 'avg', 'min', 'max']);
        if (serializer === 'json-api') {
          const counted = await app().get('/v1/books/2?include=comments:limit(1),comments:count,comments:avg(rating),comments:max(rating)');
          expect(counted.status).to.equal(200);
          expect(Object.keys(counted.body.data.relationships.comments.meta).sort()).to.deep.equal(['avg', 'count', 'limit', 'max', 'more', 'offset']);
          check('/v1/books/{id}', 'get', counted);
          const body = structuredClone(counted.body);
          body.data.relationships.comments.meta.avg = { rating: 'high' };
          expect(() => check('/v1/books/{id}', 'get', { ...counted, body }), 'an aggregate is typed').to.throw(/must be number/);
        }
      });

      it('names the bearer scheme, optional on every operation, and a 401 on each (the example resolves its callers from tokens)', () => {
        expect((document as unknown as { components: { securitySchemes: unknown } }).components.securitySchemes).to.deep.equal({
          bearer: { type: 'http', scheme: 'bearer' },
        });
        for (const [path, methods] of Object.entries(document.paths)) {
          for (const [method, described] of Object.entries(methods) as Array<[string, { security?: unknown; responses: Record<string, unknown> }]>) {
            expect(described.security, `${method} ${path}`).to.deep.equal([{}, { bearer: [] }]);
            expect(described.responses, `${method} ${path}`).to.have.property('401');
          }
        }
      });

      it('documents JSONP on every GET (text/javascript for 200 and errors) and, in json-api mode, every body as a JSON:API document', async () => {
        const mediaType = serializer === 'json-api' ? 'application/vnd.api+json' : 'application/json';
        for (const [path, methods] of Object.entries(document.paths)) {
          if (path.startsWith('/v1/openapi') || path.startsWith('/v1/docs')) continue;
          for (const [method, described] of Object.entries(methods)) {
            for (const [status, response] of Object.entries(described.responses)) {
              if (!response.content) continue;
              // The atomic operations endpoint answers its extension's media type, in every mode.
              const expected = path === '/v1/operations' && status === '200' ? ATOMIC_MEDIA_TYPE : mediaType;
              expect(response.content, `${method} ${path} ${status}`).to.have.property(expected);
              // A 401 answers a credential, and JSONP never answers a request that carries one.
              if (method === 'get' && status !== '401') expect(response.content, `${method} ${path} ${status}`).to.have.property('text/javascript');
            }
          }
        }
        for (const target of ['/v1/books/1?callback=cb', '/v1/books/99999?callback=cb', '/health?callback=cb', '/v1?callback=cb']) {
          const res = await app().get(target);
          expect(res.headers.get('content-type'), target).to.equal('text/javascript; charset=utf-8');
          const path = target.split('?')[0].replace(/\/\d+$/, '/{id}');
          expect(document.paths[path].get.responses[String(res.status)].content, target).to.have.property('text/javascript');
        }
        for (const target of ['/health', '/v1']) {
          const res = await app().get(target);
          expect(document.paths[target].get.responses[String(res.status)].content, target).to.have.property(res.headers.get('content-type')!.split(';')[0]);
        }
      });

      if (serializer === 'json-api') {
        it("closes a request document's attributes as the request class is, per role: an unknown or staff attribute is refused by the document too", async () => {
          type Body = { requestBody: { content: Record<string, { schema: { properties: { data: { properties: { attributes: JsonSchemaLike } } } } }> } };
          const attributesOf = (described: Document, path: string, method: 'post' | 'patch') =>
            (described.paths[path][method] as unknown as Body).requestBody.content['application/vnd.api+json'].schema.properties.data.properties.attributes;
          for (const [path, method] of [
            ['/v1/books', 'post'],
            ['/v1/books/{id}', 'patch'],
          ] as const) {
            const anonymous = attributesOf(document, path, method);
            expect(anonymous.additionalProperties, `${method} ${path}`).to.equal(false);
            expect(Object.keys(anonymous.properties!)).not.to.include('cost');
          }
          const editor = (await app().get('/v1/openapi.json', { headers: { authorization: `Bearer ${await tokenFor(SEEDED_USERS[1], DEVELOPMENT_KEY)}` } }))
            .body as Document;
          expect(Object.keys(attributesOf(editor, '/v1/books', 'post').properties!)).to.include('cost');
        });

        it('describes the request document as the server checks it: type, relationships and their types, id on update only', () => {
          const ajv = new Ajv2020({ strict: false, allErrors: true });
          addFormats(ajv);
          ajv.addSchema(document, 'openapi.json');
          const body = (path: string, method: string) =>
            ajv.compile({ $ref: `openapi.json#/paths/${path.replace(/\//g, '~1')}/${method}/requestBody/content/application~1vnd.api+json/schema` });
          const create = body('/v1/books', 'post');
          const relationships = { author: { data: { type: 'authors', id: '1' } }, publisher: { data: { type: 'publishers', id: '1' } } };
          const book = { type: 'books', attributes: { title: 'Documented' }, relationships };
          expect(create({ data: book }), JSON.stringify(create.errors)).to.equal(true);
          expect(create({ data: { ...book, type: 'authors' } })).to.equal(false);
          expect(create({ data: { ...book, id: '7' } })).to.equal(false);
          expect(create({ data: { ...book, relationships: { author: { data: { type: 'publishers', id: '2' } } } } })).to.equal(false);
          expect(create({ data: { ...book, attributes: {} } }), 'title is required').to.equal(false);
          const update = body('/v1/books/{id}', 'patch');
          expect(update({ data: { type: 'books', id: '2', attributes: { title: 'Patched' } } })).to.equal(true);
          expect(update({ data: { type: 'books', attributes: { title: 'Patched' } } })).to.equal(false);
        });
      }

      if (serializer === 'array') {
        it('describes request bodies as closed, as the server refuses undeclared fields (422) and prototype keys (400)', async () => {
          const ajv = new Ajv2020({ strict: false, allErrors: true });
          addFormats(ajv);
          ajv.addSchema(document, 'openapi.json');
          const send = (method: string, target: string, body: string) => app().get(target, { method, headers: { 'content-type': 'application/json' }, body });
          for (const [method, path, target] of [
            ['post', '/v1/books', '/v1/books'],
            ['put', '/v1/books/{id}', '/v1/books/4'],
          ]) {
            const schema = ajv.compile({ $ref: `openapi.json#/paths/${path.replace(/\//g, '~1')}/${method}/requestBody/content/application~1json/schema` });
            const book = { title: 'Closed schema', author_id: 1, publisher_id: 1 };
            for (const extra of [{ author: 7 }, { constructor: { x: 1 } }]) {
              expect(schema({ ...book, ...extra }), `${method} ${JSON.stringify(extra)}`).to.equal(false);
              const res = await send(method.toUpperCase(), target, JSON.stringify({ ...book, ...extra }));
              expect([400, 422], `${method} ${JSON.stringify(extra)}`).to.include(res.status);
            }
            expect(schema(book), JSON.stringify(schema.errors)).to.equal(true);
          }
        });
      }

      it('gives examples a client can send as they are: every query and path parameter but a cursor, and the bodies of writes', async () => {
        const mediaType = serializer === 'json-api' ? 'application/vnd.api+json' : 'application/json';
        for (const [path, methods] of Object.entries(document.paths)) {
          for (const [method, described] of Object.entries(methods) as Array<
            [string, { parameters?: Array<{ name: string; in: string; example?: unknown }> }]
          >) {
            for (const parameter of described.parameters ?? []) {
              if (parameter.in === 'header' || /cursor/.test(parameter.name)) continue;
              expect(parameter.example, `${method} ${path} ${parameter.name}`).to.not.equal(undefined);
            }
          }
        }
        type Body = { requestBody: { content: Record<string, { example: unknown }> } };
        const example = (path: string, method: string) => (document.paths[path][method] as unknown as Body).requestBody.content[mediaType].example;
        const send = (method: string, target: string, body: unknown) =>
          app().get(target, { method, headers: { 'content-type': mediaType, accept: mediaType }, body: JSON.stringify(body) });
        const created = await send('POST', '/v1/books', example('/v1/books', 'post'));
        expect(created.status, created.text).to.equal(201);
        const id = serializer === 'json-api' ? (created.body.data.id as string) : String(created.body.id);
        const update = example('/v1/books/{id}', 'put') as { data?: { id: string } };
        if (update.data) update.data.id = id;
        const updated = await send('PUT', `/v1/books/${id}`, update);
        expect(updated.status, updated.text).to.equal(200);
        expect((await app().get(`/v1/books/${id}`, { method: 'DELETE' })).status).to.equal(200);
      });

      it('describes parameters as strictly as the server reads them: ids, sort, include, exclude, page, If-Match, 412 and 503', async () => {
        type Param = { name: string; in: string; schema: Record<string, unknown> & { items?: Record<string, unknown> } };
        const operation = (path: string, method: string) =>
          document.paths[path][method] as unknown as { parameters: Param[]; responses: Record<string, unknown> };
        const param = (path: string, method: string, name: string) => operation(path, method).parameters.find((p) => p.name === name)!;
        expect(param('/v1/books/{id}', 'get', 'id').schema).to.deep.include({ type: 'integer', minimum: 1 });
        const sort = param('/v1/books', 'get', 'sort').schema;
        expect(sort).to.deep.include({ minItems: 1, uniqueItems: true });
        const include = param('/v1/books', 'get', 'include').schema;
        expect(include.maxItems).to.equal(20);
        const pattern = new RegExp((include.items as { anyOf: Array<{ pattern?: string }> }).anyOf[1].pattern!);
        const includes = [
          'author',
          'comments:limit(2|0):sort(id|asc)',
          'author.books:limit(3)',
          'comments:order(created_at|desc)',
          'author.books.publisher.books',
        ];
        for (const valid of includes) {
          expect(valid, valid).to.match(pattern);
          expect((await app().get(`/v1/books?include=${valid}`)).status, valid).to.equal(200);
        }
        const refused = [
          'author:',
          'author.',
          'nope',
          'comments:take(2)',
          'author..books',
          'comments:sort(id|up)',
          'author.nope',
          'comments.author',
          'author.books.nope',
        ];
        for (const invalid of refused) {
          expect(invalid, invalid).not.to.match(pattern);
          expect((await app().get(`/v1/books?include=${invalid}`)).status, invalid).to.equal(400);
        }
        const exclude = new RegExp((param('/v1/books', 'get', 'exclude').schema.items as { pattern: string }).pattern);
        expect('author.books').to.match(exclude);
        for (const invalid of ['nope', 'author.nope', 'author.books.nope', 'comments.author']) expect(invalid, invalid).not.to.match(exclude);
        const page = serializer === 'json-api' ? 'page[number]' : 'page';
        expect(param('/v1/books', 'get', page).schema).to.deep.include({ maximum: 1_000_000_000 });
        const cursor = serializer === 'json-api' ? 'page[cursor]' : 'cursor';
        expect(param('/v1/comments', 'get', cursor).schema).to.have.property('pattern');
        for (const method of ['put', 'patch', 'delete']) {
          expect(param('/v1/books/{id}', method, 'If-Match')).to.deep.include({ in: 'header' });
          expect(operation('/v1/books/{id}', method).responses).to.have.property('412');
        }
        for (const [path, methods] of Object.entries(document.paths)) {
          if (path.startsWith('/v1/openapi') || path.startsWith('/v1/docs')) continue;
          for (const [method, described] of Object.entries(methods)) expect(described.responses, `${method} ${path}`).to.have.property('503');
        }
      });

      it('describes include paths as the server reads them on every route, the include graphs too large to write out whole too', async () => {
        const filters = (n: number) => ':filter(title|contains|a)'.repeat(n);
        const sent = [
          'books',
          'books.nope',
          'books.genres.nope',
          'books.author',
          'books.author.books.comments:limit(2)',
          'books:limit(101)',
          'books:limit(2):limit(3)',
          'books:sort(id):order(id)',
          `books${filters(6)}`,
          `books${filters(3)}:count${filters(3)}`,
          'books:count',
          'books.comments:avg(rating)',
          'books:count:exists',
          `books${'.author.books'.repeat(5)}`,
        ];
        const ajv = new Ajv2020({ strict: false });
        for (const path of ['/v1/authors', '/v1/publishers/{id}', '/v1/genres']) {
          const include = (document.paths[path].get as unknown as { parameters: Array<{ name: string; schema: { items: object } }> }).parameters.find(
            (parameter) => parameter.name === 'include',
          )!;
          const documented = ajv.compile(include.schema.items);
          for (const value of sent) {
            const res = await app().get(`${path.replace('{id}', '1')}?include=${encodeURIComponent(value)}`);
            expect(res.status, `${path} ${value}`).to.be.oneOf([200, 400]);
            expect(documented(value), `${path} include=${value}: the server answers ${res.status}`).to.equal(res.status === 200);
          }
        }
      });

      it('is a valid OpenAPI 3.1 document', async () => {
        expect((document as unknown as { openapi: string }).openapi).to.equal('3.1.0');
        await SwaggerParser.validate(structuredClone(document) as never);
      });

      it('describes every route of the example (the docs routes aside), with its method', async () => {
        const index = await app().get('/v1');
        const links = (serializer === 'json-api' ? index.body.meta.links : index.body.links) as Record<string, { method: string; href: string }>;
        const routes = Object.values(links)
          .map((link) => [new URL(link.href).pathname.replace(/%7B/g, '{').replace(/%7D/g, '}'), link.method.toLowerCase()])
          .filter(([path]) => !path.startsWith('/v1/openapi') && !path.startsWith('/v1/docs'));
        expect(routes.length).to.be.greaterThan(10);
        // Atomic operations exist in json-api mode only: the array modes answer them 415 and leave them out.
        const served = routes.filter(([path]) => serializer === 'json-api' || path !== '/v1/operations');
        for (const [path, method] of served) expect(document.paths[path]?.[method], `${method} ${path}`).to.not.equal(undefined);
        expect(document.paths['/v1/operations'] !== undefined).to.equal(serializer === 'json-api');
        expect(Object.keys(document.paths).filter((path) => path.startsWith('/v1/docs'))).to.deep.equal([]);
      });

      it('documents a required body as non-empty, as the server refuses {} as missing (400)', async () => {
        const put = document.paths['/v1/books/{id}'].put as unknown as { requestBody: { content: Record<string, { schema: { minProperties?: number } }> } };
        expect(put.requestBody.content['application/json'].schema.minProperties).to.equal(1);
        const empty = await app().get('/v1/books/5', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{}' });
        expect(empty.status).to.equal(400);
      });

      it('documents an update and a delete as the success message they answer, not as the resource', async () => {
        const created = await app().post('/v1/books', { title: 'Documented update', author_id: 1, publisher_id: 1 });
        const id = serializer === 'json-api' ? created.body.data.id : created.body.id;
        const mediaType = serializer === 'json-api' ? 'application/vnd.api+json' : 'application/json';
        const body = serializer === 'json-api' ? { data: { type: 'books', id: String(id), attributes: { out_of_print: true } } } : { out_of_print: true };
        const ajv = new Ajv2020({ strict: false });
        for (const [method, send] of [
          ['put', { method: 'PUT', headers: { 'content-type': mediaType, accept: mediaType }, body: JSON.stringify(body) }],
          ['delete', { method: 'DELETE', headers: { accept: mediaType } }],
        ] as const) {
          const res = await app().get(`/v1/books/${id}`, send);
          expect(res.status, res.text).to.equal(200);
          const documented = document.paths['/v1/books/{id}'][method].responses['200'] as { content: Record<string, { schema: object }> };
          const validate = ajv.compile(documented.content[mediaType].schema);
          expect(validate(res.body), `${method}: ${JSON.stringify(validate.errors)}`).to.equal(true);
        }
      });

      if (serializer === 'json-api') {
        it('describes the create document as tight as the server reads it: attributes and required relationships, ids of digits, no null author', () => {
          const body = (document.paths['/v1/books'].post as unknown as { requestBody: { content: Record<string, { schema: object; example: unknown }> } })
            .requestBody;
          const { schema, example } = body.content['application/vnd.api+json'];
          const validate = new Ajv2020({ strict: false }).compile(schema);
          const author = { data: { type: 'authors', id: '1' } };
          const publisher = { data: { type: 'publishers', id: '2' } };
          const create = (data: Record<string, unknown>) => ({ data: { type: 'books', ...data } });
          expect(validate(example), JSON.stringify(validate.errors)).to.equal(true);
          expect(validate(create({ attributes: { title: 'Ok' }, relationships: { author, publisher } }))).to.equal(true);
          for (const refused of [
            create({ relationships: { author, publisher } }),
            create({ attributes: { title: 'Ok' } }),
            create({ attributes: { title: 'Ok' }, relationships: { author: { data: null }, publisher } }),
            create({ attributes: { title: 'Ok' }, relationships: { author: { data: { type: 'authors', id: 'abc' } }, publisher } }),
          ]) {
            expect(validate(refused), JSON.stringify(refused)).to.equal(false);
          }
        });

        it("describes the atomic operations and batch bodies as the server bounds them: operations.max, hrefs under the endpoint's /v1", async () => {
          const body = (path: string) =>
            (document.paths[path].post as unknown as { requestBody: { content: Record<string, { schema: object }> } }).requestBody.content;
          const operations = new Ajv2020({ strict: false }).compile(body('/v1/operations')[ATOMIC_MEDIA_TYPE].schema);
          const batch = new Ajv2020({ strict: false }).compile(Object.values(body('/v1/batch'))[0].schema);
          const remove = (href: string) => ({ op: 'remove', href });
          expect(operations({ 'atomic:operations': [remove('/v1/books/1'), remove('/books/1')] })).to.equal(true);
          const refusals: Array<[object, boolean]> = [
            [{ 'atomic:operations': [remove('/v2/books/1')] }, operations({ 'atomic:operations': [remove('/v2/books/1')] })],
            [{ 'atomic:operations': Array(101).fill(remove('/v1/books/1')) }, operations({ 'atomic:operations': Array(101).fill(remove('/v1/books/1')) })],
          ];
          for (const [sent, documented] of refusals) {
            expect(documented, 'the document refuses it').to.equal(false);
            const headers = { 'content-type': ATOMIC_MEDIA_TYPE, accept: ATOMIC_MEDIA_TYPE };
            const res = await app().get('/v1/operations', { method: 'POST', headers, body: JSON.stringify(sent) });
            expect(res.status, 'and so does the server').to.equal(400);
          }
          // A prototype key is refused at any depth of a body, an open meta object too: the document says so.
          const proto = '{"atomic:operations":[{"op":"remove","href":"/v1/books/1"}],"meta":{"__proto__":{"polluted":true}}}';
          expect(operations(JSON.parse(proto)), 'meta with __proto__').to.equal(false);
          const res = await app().get('/v1/operations', {
            method: 'POST',
            headers: { 'content-type': ATOMIC_MEDIA_TYPE, accept: ATOMIC_MEDIA_TYPE },
            body: proto,
          });
          expect(res.status).to.equal(400);
          const many = { requests: Array(101).fill({ method: 'GET', url: '/v1/books/1' }) };
          expect(batch(many)).to.equal(false);
          expect((await app().post('/v1/batch', many)).status).to.equal(400);
        });
      }

      it('documents every status the server answers: 400 on any route, 409 on relationship writes, the batch failure, 404 for a missing related row in json-api mode', () => {
        const statuses = (path: string, method: string) => Object.keys(document.paths[path][method].responses);
        for (const path of ['/health', '/v1']) expect(statuses(path, 'get'), path).to.include('400');
        for (const method of ['post', 'patch', 'delete']) expect(statuses('/v1/books/{id}/relationships/genres', method), method).to.include('409');
        expect(statuses('/v1/batch', 'post')).to.include('default');
        expect(statuses('/v1/books', 'post').includes('404')).to.equal(serializer === 'json-api');
      });

      it('documents includes, pagination, sort and filters on the books index, the body and its errors on store', () => {
        const index = document.paths['/v1/books'].get as unknown as { parameters: Array<{ name: string; schema: Record<string, unknown> }> };
        const names = index.parameters.map((parameter) => parameter.name);
        const pages = serializer === 'json-api' ? ['page[number]', 'page[size]'] : ['page', 'per_page'];
        expect(names).to.include.members(['include', 'exclude', 'fields[books]', 'sort', 'filter', 'callback', ...pages]);
        const include = index.parameters.find((parameter) => parameter.name === 'include')!;
        expect(JSON.stringify(include.schema)).to.contain('["author","publisher","comments","genres"]');
        // An include path as the parser reads it: limit at most include.maxLimit, at most include.maxDepth levels.
        const path = new Ajv2020({ strict: false }).compile((include.schema as { items: object }).items);
        const deep = Array.from({ length: 11 }, (_, i) => (i % 2 ? 'author' : 'books')).join('.');
        expect([path('comments:limit(100)'), path('comments:limit(101)'), path(`author.${deep}`), path('author.books.author')]).to.deep.equal([
          true,
          false,
          false,
          true,
        ]);
        // The filter as the parser reads it: each declared field with its operators and value types, OR groups of the same.
        const filter = index.parameters.find((parameter) => parameter.name === 'filter')! as unknown as { style: string; schema: JsonSchemaLike };
        expect(filter.style).to.equal('deepObject');
        const fields = filter.schema.properties!;
        expect(Object.keys(fields)).to.include.members(['title', 'published_at', 'author.name', 'genres.name', 'q', 'or']);
        expect(Object.keys(fields.published_at.anyOf![1].properties!)).to.deep.equal(['eq', 'gt', 'gte', 'lt', 'lte', 'between', 'null']);
        expect(fields.id.anyOf![0]).to.include({ type: 'integer' });
        expect(fields['author.name'].anyOf![1].properties).to.have.keys('eq', 'contains', 'starts');
        expect(filter.schema.additionalProperties).to.equal(false);
        const size = index.parameters.find((parameter) => parameter.name === pages[1])!;
        expect(size.schema).to.include({ minimum: 1, maximum: 100, default: 5 });
        // sort: each field once whatever its direction, as the server reads it (title,-title is a 400).
        const sortSchema = new Ajv2020({ strict: false }).compile(index.parameters.find((parameter) => parameter.name === 'sort')!.schema);
        expect([sortSchema(['title', '-published_at']), sortSchema(['title', '-title']), sortSchema(['-title', '-title'])]).to.deep.equal([true, false, false]);
        const store = document.paths['/v1/books'].post;
        expect(Object.keys(store.responses)).to.include.members(['201', '400', '413', '415', '422', '500']);
        expect(JSON.stringify(store)).to.contain('#/components/schemas/CreateBookRequest');
        // The document of an anonymous caller: the staff's fields, which it may not write, are not offered.
        const offered = Object.keys(
          (document as unknown as { components: { schemas: Record<string, { properties: object }> } }).components.schemas.CreateBookRequest.properties,
        );
        expect(offered).to.include.members(['title', 'author_id', 'out_of_print']);
        expect(offered).to.not.include.members(['cost', 'draft']);
      });

      it("describes the genres relationship as the server reads it: the linkage in (its example sent as it is), 204 out, If-Match on the linkage's tag (412), ETag on the GET", async () => {
        const mediaType = serializer === 'json-api' ? 'application/vnd.api+json' : 'application/json';
        const path = '/v1/books/{id}/relationships/genres';
        type Described = { parameters?: Array<{ name: string }>; requestBody?: { content: Record<string, { schema: object; example: unknown }> } };
        const operations = document.paths[path] as unknown as Record<string, Described & Document['paths'][string][string]>;
        expect(Object.keys(operations).sort()).to.deep.equal(['delete', 'get', 'patch', 'post']);
        const ajv = new Ajv2020({ strict: false });
        for (const method of ['post', 'patch', 'delete']) {
          const { responses, parameters = [], requestBody } = operations[method];
          expect(Object.keys(responses), method).to.include('204').and.not.include('200');
          expect(responses['204'].content, method).to.equal(undefined);
          expect(
            parameters.map((parameter) => parameter.name),
            method,
          ).to.include('If-Match');
          expect(Object.keys(responses), method).to.include('412');
          const validate = ajv.compile(requestBody!.content[mediaType].schema);
          expect(validate(requestBody!.content[mediaType].example), method).to.equal(true);
          expect(validate({ data: [{ type: 'authors', id: '1' }] }), method).to.equal(false);
          expect(validate({ data: [{ type: 'genres', id: '1', lid: 'x' }] }), method).to.equal(false);
          expect(validate({ data: [], links: {} }), method).to.equal(false);
          expect(validate({ data: Array.from({ length: 101 }, (_, i) => ({ type: 'genres', id: String(i + 1) })) }), method).to.equal(false);
        }
        expect(Object.keys((operations.get.responses['200'] as { headers?: object }).headers ?? {})).to.deep.equal(['ETag']);
        const created = await app().post('/v1/books', { title: 'Documented genres', author_id: 1, publisher_id: 1 });
        const id = serializer === 'json-api' ? created.body.data.id : created.body.id;
        const target = `/v1/books/${id}/relationships/genres`;
        const sent = await app().get(target, {
          method: 'POST',
          headers: { 'content-type': mediaType, accept: mediaType },
          body: JSON.stringify(operations.post.requestBody!.content[mediaType].example),
        });
        expect(sent.status, sent.text).to.equal(204);
        const read = await app().get(target, { headers: { accept: mediaType } });
        expect(read.body.data.map((member: { id: unknown }) => String(member.id))).to.deep.equal(['2', '5']);
        check(path, 'get', read);
        check(path, 'get', await app().get('/v1/books/99999/relationships/genres', { headers: { accept: mediaType } }));
        const emptied = await app().get(target, { method: 'PATCH', headers: { 'content-type': mediaType }, body: JSON.stringify({ data: [] }) });
        expect(emptied.status).to.equal(204);
        expect((await app().get(`/v1/books/${id}`, { method: 'DELETE' })).status).to.equal(200);
      });

      it('real responses conform to their documented schemas: item, page with includes, 201, 400, 404, 422', async () => {
        check('/v1/books/{id}', 'get', await app().get('/v1/books/1'));
        check('/v1/books/{id}', 'get', await app().get('/v1/books/2?include=author,publisher,comments'));
        check('/v1/books', 'get', await app().get('/v1/books?include=author,publisher,comments:limit(2)&per_page=10'));
        check('/v1/authors', 'get', await app().get('/v1/authors?include=books.comments'));
        const comments = await app().get('/v1/comments');
        check('/v1/comments', 'get', comments);
        const cursor = comments.body.meta.cursor.next as string;
        check('/v1/comments', 'get', await app().get(`/v1/comments?${serializer === 'json-api' ? 'page[cursor]' : 'cursor'}=${cursor}`));
        check('/v1/publishers/{id}', 'get', await app().get('/v1/publishers/1?include=books.author'));
        // Sparse fieldsets leave out fields the full resource always has, as the fields parameter says.
        const narrowed = await app().get('/v1/books/1?fields[books]=title');
        check('/v1/books/{id}', 'get', narrowed, { sparse: true });
        expect(() => check('/v1/books/{id}', 'get', narrowed), 'without fields[], every field is required').to.throw(/required property/);
        check('/v1/books', 'get', await app().get('/v1/books?include=author&fields[books]=&fields[authors]=name'), { sparse: true });
        const created = await app().post('/v1/books', { title: 'Documented', author_id: 1, publisher_id: 1 });
        expect(created.status).to.equal(201);
        check('/v1/books', 'post', created);
        check('/v1/books', 'get', await app().get('/v1/books?include=nope'));
        check('/v1/books/{id}', 'get', await app().get('/v1/books/99999'));
        const invalid = await app().post('/v1/books', { title: 'x', author_id: 99, publisher_id: 1 });
        expect(invalid.status).to.equal(422);
        check('/v1/books', 'post', invalid);
        await Book.destroy({ where: { title: 'Documented' } });
      });

      it('documents the bodies of /health and of the composed profile, each in the mode it is sent in', async () => {
        const health = await app().get('/health');
        expect(health.status).to.equal(200);
        check('/health', 'get', health);
        const profile = await app().get('/v1/authors/1/profile');
        expect(profile.status).to.equal(200);
        check('/v1/authors/{id}/profile', 'get', profile);
        const kept = Object.keys(document.paths['/v1/authors/{id}/profile'].get.responses['200'].content ?? {});
        expect(kept).to.deep.equal([serializer === 'json-api' ? 'application/vnd.api+json' : 'application/json', 'text/javascript']);
        const body = structuredClone(profile.body);
        if (serializer === 'json-api') body.meta.book_count = 'three';
        else body.book_count = 'three';
        expect(() => check('/v1/authors/{id}/profile', 'get', { ...profile, body })).to.throw(/must be integer/);
      });
    },
    { serializer, jsonp: { enabled: true } },
  );
}

/** Every `pattern` a document holds, at any depth. */
function patternsOf(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const item of node) patternsOf(item, found);
  else if (node !== null && typeof node === 'object')
    for (const [key, value] of Object.entries(node)) {
      if (key === 'pattern' && typeof value === 'string') found.add(value);
      else patternsOf(value, found);
    }
  return found;
}

/** Inputs that make an ambiguous pattern backtrack: runs of what a segment or a modifier may repeat, then a character that fails. */
const ADVERSARIAL = [
  `books${':'.repeat(24)}.x`,
  `books${':'.repeat(400)}(`,
  `author${':'.repeat(100)}.books${':'.repeat(100)}!`,
  `books${':filter(a|eq|x)'.repeat(5)}${':x'.repeat(100)}(`,
  `${':filter()'.repeat(5)}${'x'.repeat(300)}.`,
  '('.repeat(300),
  `${'a.'.repeat(300)}!`,
  `author${'.books.author'.repeat(40)}!`,
  `${'books:limit(1)'.repeat(60)}!`,
  `books${':limit(1):x'.repeat(80)}(`,
  `comments${':sort(a|asc)'.repeat(40)}(`,
];

for (const serializer of ['array', 'json-api'] as const) {
  onBothFrameworks(
    `the OpenAPI document's patterns (${serializer})`,
    (app) => {
      it('each matches in linear time: no adversarial input of a few hundred characters takes a validator more than a moment', async () => {
        const editor = `Bearer ${await tokenFor(SEEDED_USERS[1], DEVELOPMENT_KEY)}`;
        for (const headers of [{}, { authorization: editor }] as Array<Record<string, string>>) {
          const patterns = patternsOf((await app().get('/v1/openapi.json', { headers })).body);
          expect(patterns.size).to.be.greaterThan(5);
          for (const pattern of patterns) {
            // Run under a deadline that interrupts the match: an exponential pattern would otherwise hang the suite.
            const check = new vm.Script('inputs.every((input) => new RegExp(pattern, "u").test(input) !== undefined)');
            const run = () => check.runInNewContext({ inputs: ADVERSARIAL, pattern }, { timeout: 1000 }) as boolean;
            // An exponential pattern takes seconds on the first input (3.9 s measured) and forever on the second.
            expect(run, pattern.slice(0, 120)).not.to.throw();
          }
        }
      });
    },
    { serializer },
  );
}
