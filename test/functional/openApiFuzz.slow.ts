import { expect } from 'chai';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { namesFields, sparseDocument } from './documentRules';
import { onBothFrameworks } from './exampleServer';
import { testDialect } from '../fixture/database';
import { DEVELOPMENT_KEY, tokenFor } from '../../example/auth';
import { SEEDED_USERS } from '../../example/seeders/004-callers';

type Schema = Record<string, unknown> & {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: Schema[];
  items?: Schema;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
};
type Parameter = { name: string; in: 'query' | 'path' | 'header'; style?: string; schema: Schema };
type Operation = { parameters?: Parameter[]; responses: Record<string, { content?: Record<string, { schema?: object }> }> };
const pointer = (...parts: string[]) => parts.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
type Document = { paths: Record<string, Record<string, Operation>> };

/** Values a schema of the document allows, as the fuzzer of a client would send them (bounded in size). */
function valueOf(schema: Schema): fc.Arbitrary<string> {
  if (schema.enum) return fc.constantFrom(...schema.enum.map(String));
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map(valueOf));
  if (schema.type === 'array' && schema.items) {
    const bounds = { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 3, 3) };
    const items = schema.uniqueItems ? fc.uniqueArray(valueOf(schema.items), bounds) : fc.array(valueOf(schema.items), bounds);
    return items.map((values) => values.join(','));
  }
  if (schema.type === 'integer') return fc.integer({ min: Math.max(schema.minimum ?? -5, -5), max: Math.min(schema.maximum ?? 200, 200) }).map(String);
  if (schema.type === 'boolean') return fc.constantFrom('true', 'false');
  if (schema.type === 'number') return fc.double({ min: -1e6, max: 1e6, noNaN: true }).map(String);
  if (schema.format === 'date')
    return fc.date({ min: new Date('2000-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));
  // fast-check cannot bound a pattern with long mandatory branches (the include paths) to fewer than about 80 characters.
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern), { maxLength: 100 });
  return fc.string({ maxLength: 20 });
}

/**
 * A deepObject parameter (`filter`) as a client sends it: up to two of its fields, each its plain
 * value or one of its operators (`filter[title][contains]=x`), in the bracket form.
 */
function deepObjectOf(name: string, schema: Schema): fc.Arbitrary<Array<[string, string]>> {
  const properties = Object.entries((schema.properties ?? {}) as Record<string, Schema>).filter(([field]) => field !== 'or');
  const one = fc.oneof(
    ...properties.map(([field, fieldSchema]) => {
      const object = fieldSchema.anyOf ? fieldSchema.anyOf.find((option) => option.type === 'object') : fieldSchema.type === 'object' ? fieldSchema : undefined;
      const plain = fieldSchema.anyOf?.find((option) => option.type !== 'object') ?? (object ? undefined : fieldSchema);
      const forms: Array<fc.Arbitrary<[string, string]>> = [];
      if (plain) forms.push(valueOf(plain).map((value): [string, string] => [`${name}[${field}]`, value]));
      for (const [operator, operand] of Object.entries((object?.properties ?? {}) as Record<string, Schema>)) {
        forms.push(valueOf(operand).map((value): [string, string] => [`${name}[${field}][${operator}]`, value]));
      }
      return fc.oneof(...forms);
    }),
  );
  return fc.uniqueArray(one, { maxLength: 2, selector: ([key]) => key });
}

/** One request of a GET operation: each documented query parameter sent or not, path ids from the seeded range. */
function requestOf(path: string, operation: Operation): fc.Arbitrary<string> {
  const parameters = operation.parameters ?? [];
  const query = parameters.filter((parameter) => parameter.in === 'query' && parameter.style !== 'deepObject');
  const deep = parameters.filter((parameter) => parameter.in === 'query' && parameter.style === 'deepObject');
  const ids = parameters.filter((parameter) => parameter.in === 'path');
  return fc
    .tuple(
      fc.tuple(...ids.map((parameter) => fc.oneof(fc.integer({ min: 1, max: 120 }).map(String), valueOf(parameter.schema)))),
      fc.tuple(...query.map((parameter) => fc.option(valueOf(parameter.schema), { nil: undefined }))),
      fc.tuple(...deep.map((parameter) => deepObjectOf(parameter.name, parameter.schema))),
    )
    .map(([pathValues, queryValues, deepValues]) => {
      let target = path;
      ids.forEach((parameter, i) => (target = target.replace(`{${parameter.name}}`, encodeURIComponent(pathValues[i]))));
      const search = new URLSearchParams();
      query.forEach((parameter, i) => queryValues[i] !== undefined && search.append(parameter.name, queryValues[i]));
      for (const pairs of deepValues) for (const [key, value] of pairs) search.append(key, value);
      const text = search.toString();
      return text ? `${target}?${text}` : target;
    });
}

/**
 * Who asks: anonymous, and each role of the example with its token. Each gets the document of what it
 * may do (the docs route serves one per caller), and its answers must be what that document says.
 * The anonymous caller's runs are the most, on both frameworks; the roles' fewer, on Express alone
 * and on SQLite alone (what a role may do depends on neither: exampleCallers.test.ts asks it of both
 * frameworks and databases), so that the slow suites stay in their bounds. A reader's document and
 * answers are an anonymous caller's, byte for byte (exampleCallers.test.ts): its runs would repeat them.
 */
const CALLERS: Array<{ who: string; user?: (typeof SEEDED_USERS)[number]; runs: number; batches: number }> =
  testDialect === 'postgres'
    ? [{ who: 'anonymous', runs: 150, batches: 40 }]
    : [
        { who: 'anonymous', runs: 150, batches: 40 },
        { who: 'editor', user: SEEDED_USERS[1], runs: 50, batches: 10 },
        { who: 'admin', user: SEEDED_USERS[3], runs: 50, batches: 10 },
      ];

// FUZZ_RUNS=2000 explores further (unseeded); the suite runs a fixed number of requests a configuration from a fixed seed.
for (const serializer of ['array', 'json-api'] as const) {
  for (const { who, user, runs, batches } of CALLERS) {
    // The admin's document differs from the editor's by the flagged comments alone: one envelope is enough for it.
    if (who === 'admin' && serializer === 'json-api') continue;
    onBothFrameworks(
      `the OpenAPI document as a fuzzer reads it (${serializer}, ${who})`,
      (app) => {
        let document: Document;
        let ajv: Ajv2020;
        let operations: Array<{ path: string; operation: Operation }>;
        let headers: Record<string, string> = {};
        before(async () => {
          headers = user ? { authorization: `Bearer ${await tokenFor(user, DEVELOPMENT_KEY)}` } : {};
          document = (await app().get('/v1/openapi.json', { headers })).body as Document;
          ajv = new Ajv2020({ strict: false, allErrors: true });
          addFormats(ajv);
          ajv.addSchema(document, 'openapi.json');
          ajv.addSchema(sparseDocument(document), 'sparse.json');
          operations = Object.entries(document.paths)
            .filter(([path, methods]) => methods.get && !path.startsWith('/v1/openapi') && !path.startsWith('/v1/docs'))
            .map(([path, methods]) => ({ path, operation: methods.get }));
        });
        const generated = () => fc.oneof(...operations.map(({ path, operation }) => requestOf(path, operation).map((target) => ({ path, target }))));

        /** Checks one answer against its operation: a documented status and media type, and the body its schema describes. */
        function conforms(method: string, path: string, target: string, answer: { status: number; mediaType: string; body: unknown; text: string }): void {
          const what = `${method.toUpperCase()} ${target} ${answer.status}: ${answer.text.slice(0, 200)}`;
          expect(answer.status, what).to.be.below(500);
          const response = document.paths[path][method].responses[String(answer.status)] ?? document.paths[path][method].responses.default;
          expect(response, `${what}: the status is documented`).to.not.equal(undefined);
          expect(response.content, `${what}: ${answer.mediaType} is documented`).to.have.property(answer.mediaType);
          if (answer.body === undefined || !response.content![answer.mediaType].schema) return;
          const status = document.paths[path][method].responses[String(answer.status)] ? String(answer.status) : 'default';
          const base = namesFields(target) ? 'sparse.json' : 'openapi.json';
          const validate = ajv.compile({ $ref: `${base}#/${pointer('paths', path, method, 'responses', status, 'content', answer.mediaType, 'schema')}` });
          expect(validate(answer.body), `${what}: ${JSON.stringify(validate.errors?.slice(0, 3))}`).to.equal(true);
        }

        it('generated GET requests of every operation: each answer is a documented status, media type and body', async function () {
          if (process.env.FUZZ_RUNS) this.timeout(0);
          await fc.assert(
            fc.asyncProperty(generated(), async ({ path, target }) => {
              const res = await app().get(target, { headers });
              conforms('get', path, target, { ...res, mediaType: (res.headers.get('content-type') ?? '').split(';')[0] });
            }),
            { numRuns: Number(process.env.FUZZ_RUNS ?? runs), seed: process.env.FUZZ_RUNS ? undefined : 20261124 },
          );
        });

        it('generated batches of those requests: the batch and each answer inside it are as documented (one shared budget)', async function () {
          if (process.env.FUZZ_RUNS) this.timeout(0);
          await fc.assert(
            fc.asyncProperty(fc.array(generated(), { minLength: 1, maxLength: 4 }), fc.boolean(), async (requests, atomic) => {
              const sent = { atomic, requests: requests.map(({ target }) => ({ method: 'GET', url: target })) };
              const res = await app().get('/v1/batch', {
                method: 'POST',
                headers: { ...headers, 'content-type': 'application/json' },
                body: JSON.stringify(sent),
              });
              const mediaType = (res.headers.get('content-type') ?? '').split(';')[0];
              conforms('post', '/v1/batch', '/v1/batch', { ...res, mediaType });
              if (res.status !== 200) return;
              type Answers = Array<{ status: number; headers: Array<{ name: string; value: string }>; body: unknown }>;
              // In json-api mode the batch's answer is the meta of a JSON:API document.
              const { responses, meta } = res.body as { responses?: Answers; meta?: { responses: Answers } };
              const answers = (responses ?? meta?.responses)!;
              expect(answers).to.have.length(requests.length);
              answers.forEach((answer, i) => {
                const type = answer.headers.find((header) => header.name.toLowerCase() === 'content-type')?.value.split(';')[0] ?? '';
                conforms('get', requests[i].path, requests[i].target, {
                  status: answer.status,
                  mediaType: type,
                  body: answer.body,
                  text: JSON.stringify(answer.body) ?? '',
                });
              });
            }),
            { numRuns: Number(process.env.FUZZ_RUNS ?? batches), seed: process.env.FUZZ_RUNS ? undefined : 20261126 },
          );
        });
      },
      { serializer },
      // On PostgreSQL the database is the subject: one framework is enough there.
      user || testDialect === 'postgres' ? ['express'] : ['express', 'koa'],
    );
  }
}
