import SwaggerParser from '@apidevtools/swagger-parser';
import { expect } from 'chai';
import express from 'express';
import { BooksController } from '../../example/controllers/BooksController';
import { docsController, openApiDocument, SerializerName, useApi } from '../../src';
import { exampleDatabase } from '../fixture/database';
import { injectedFetch } from '../fixture/transport';
import { apiStateOf } from '../../src/context/appRegistry';
import { ADMIN, policies, principal, READER } from '../fixture/policies';
import { startExample, TestFramework } from './exampleServer';

type Document = { paths: Record<string, Record<string, any>>; components: { schemas: Record<string, any> } };

/** A query parameter of an operation. */
const parameter = (document: Document, path: string, method: string, name: string) =>
  (document.paths[path][method].parameters as Array<{ name: string; schema: any }>).find((candidate) => candidate.name === name);

/** Asserts that `list` holds none of `names`. */
const holdsNone = (list: readonly string[], names: readonly string[], what: string) =>
  expect(
    list.filter((name) => names.includes(name)),
    what,
  ).to.deep.equal([]);

/** Every name a document holds anywhere, as text: what a per-role document must not mention. */
const text = (document: unknown) => JSON.stringify(document);

for (const framework of ['express', 'koa'] as TestFramework[]) {
  for (const serializer of ['array', 'json-api'] as SerializerName[]) {
    describe(`openApiDocument({ principal }): a document per role [${framework}, ${serializer}]`, () => {
      let app: Awaited<ReturnType<typeof startExample>>;
      let full: Document;
      let reader: Document;
      let anonymous: Document;
      before(async () => {
        app = await startExample(framework, { serializer }, { principal, policies });
        const state = apiStateOf(app.app)!;
        full = openApiDocument({ principal: { role: 'admin' } }, state) as Document;
        reader = openApiDocument({ principal: { role: 'reader' } }, state) as Document;
        anonymous = openApiDocument({ principal: null }, state) as Document;
      });
      after(() => app.close());

      it('each role gets a valid OpenAPI 3.1 document', async () => {
        for (const document of [full, reader, anonymous]) await SwaggerParser.validate(structuredClone(document) as never);
      });

      it("names no field, filter, sort or include the role may not use; an admin's names them all", () => {
        const books = '/v1/books';
        const fieldsOf = (document: Document) => parameter(document, books, 'get', 'fields[books]')!.schema.items.enum as string[];
        expect(fieldsOf(full)).to.include.members(['description', 'published_at', 'genres']);
        holdsNone(fieldsOf(reader), ['description', 'published_at', 'genres'], 'fields[books] of a reader');
        expect(fieldsOf(anonymous)).not.to.include('description');
        expect(fieldsOf(anonymous)).to.include('published_at');

        const filtersOf = (document: Document) => Object.keys(parameter(document, books, 'get', 'filter')!.schema.properties);
        expect(filtersOf(full)).to.include.members(['description', 'q', 'published_at', 'genres.name']);
        holdsNone(filtersOf(reader), ['description', 'q', 'published_at', 'genres.name'], 'filters of a reader');
        holdsNone(filtersOf(anonymous), ['description', 'q'], 'filters of nobody');

        const sortsOf = (document: Document) => parameter(document, books, 'get', 'sort')!.schema.items.enum as string[];
        expect(sortsOf(full)).to.include('-published_at');
        expect(sortsOf(reader)).not.to.include('-published_at');

        const includes = (document: Document) => parameter(document, books, 'get', 'include')!.schema.items.anyOf[0].enum as string[];
        expect(includes(full)).to.include('genres');
        expect(includes(reader)).not.to.include('genres');
        const deep = new RegExp(parameter(reader, books, 'get', 'include')!.schema.items.anyOf[1].pattern as string);
        expect(deep.test('author.books.genres'), 'a nested hidden include').to.equal(false);
        expect(deep.test('author.books.comments')).to.equal(true);
      });

      it('describes no hidden field in the resources a role receives', () => {
        const fieldsOf = (document: Document, name: string) => {
          const schema = document.components.schemas[name];
          return Object.keys(serializer === 'json-api' ? schema.properties.attributes.properties : schema.properties);
        };
        expect(fieldsOf(full, 'Author')).to.include('email');
        expect(fieldsOf(anonymous, 'Author')).not.to.include('email');
        expect(fieldsOf(reader, 'Comment')).not.to.include('rating');
        holdsNone(fieldsOf(reader, 'Book'), ['description', 'published_at', 'genres'], "a reader's books");
        if (serializer === 'json-api') expect(Object.keys(reader.components.schemas.Book.properties.relationships.properties)).not.to.include('genres');
        expect(text(reader.components.schemas.Book)).not.to.include('comments_avg_rating');
        expect(text(full.components.schemas.Book)).to.include(serializer === 'json-api' ? 'genres' : 'comments_avg_rating');
      });

      it('offers no body field that writes an attribute the role may not write', () => {
        // Each body schema and example of the update, with the components it refers to.
        const bodyOf = (document: Document) => {
          const body = text(document.paths['/v1/books/{id}'].patch.requestBody);
          const refs = [...body.matchAll(/#\/components\/schemas\/(\w+)/g)].map((match) => text(document.components.schemas[match[1]]));
          return [body, ...refs].join('\n');
        };
        expect(bodyOf(full)).to.include('out_of_print');
        expect(bodyOf(reader)).not.to.include('out_of_print');
        expect(bodyOf(reader)).to.include('title');
      });
    });
  }
}

describe('docsController({ perPrincipal })', () => {
  it('serves each caller the document of what it may do, by default when the app has policies; perPrincipal: false serves everyone the whole', async () => {
    const sequelize = await exampleDatabase();
    const app = useApi(express(), {
      controllers: [BooksController, docsController({ path: '/own' }), docsController({ path: '/all', perPrincipal: false })],
      principal,
      policies,
      sequelize,
    });
    const get = injectedFetch(app, 'localhost');
    const fields = async (path: string, headers: Record<string, string>) => {
      const res = await get(path, { headers });
      expect(res.status).to.equal(200);
      return parameter(res.body as Document, '/v1/books', 'get', 'fields[books]')!.schema.items.enum as string[];
    };
    expect(await fields('/own/openapi.json', ADMIN.headers)).to.include('description');
    expect(await fields('/own/openapi.json', READER.headers)).not.to.include('description');
    expect(await fields('/own/openapi.json', {})).not.to.include('description');
    expect(await fields('/all/openapi.json', READER.headers)).to.include('description');
  });
});
