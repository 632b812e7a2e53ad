import { expect } from 'chai';
import Ajv2020 from 'ajv/dist/2020';
import { Transformer } from '../../../src';
import { modelSchema } from '../../../src/openapi/modelSchema';
import { ResourceSchemas } from '../../../src/openapi/resourceSchemas';
import { includeShapes } from '../../../src/transformer/includeShapes';
import { exampleDatabase } from '../../fixture/database';
import { Book } from '../../../example/models';
import { BookTransformer } from '../../fixture/transformers';

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Compiles a resource component with the others it references. */
function validator(schemas: ResourceSchemas, name: string) {
  const ajv = new Ajv2020({ strict: false, validateFormats: false });
  ajv.addSchema({ $id: 'doc', components: { schemas: schemas.components } });
  return ajv.compile({ $ref: `doc#/components/schemas/${name}` });
}

class Declared extends Transformer<{ id: number; title: string }> {
  schema = { id: { type: 'integer' }, title: { type: 'string' }, note: { type: 'string', 'x-optional': true } };
  transform(book: { id: number; title: string }) {
    return { id: book.id, title: book.title };
  }
}

describe('OpenAPI resource schemas from transformers', () => {
  before(() => exampleDatabase());

  it('learns what each include gives from its method, without loading anything', () => {
    const shapes = includeShapes(new BookTransformer());
    expect(shapes.map(({ name, kind, type }) => [name, kind, type])).to.deep.equal([
      ['author', 'item', 'author'],
      ['comments', 'collection', 'comments'],
      ['latest_comment', 'unknown', 'latest_comment'],
      ['nothing', 'unknown', 'nothing'],
      ['params', 'item', 'params'],
    ]);
  });

  it('fails output that drifts from the declared schema: a field sent but not declared, of another type, or no id', () => {
    const schemas = new ResourceSchemas('array', snake);
    schemas.resource(new Declared(), 'books');
    const validate = validator(schemas, 'Declared');
    expect(validate({ id: 1, title: 'T' })).to.equal(true);
    expect(validate({ id: 1, title: 'T', note: 'optional' })).to.equal(true);
    expect(validate({ id: 1, title: 'T', isbn: 'not declared' })).to.equal(false);
    expect(validate({ id: '1', title: 'T' })).to.equal(false);
    expect(validate({ title: 'T' })).to.equal(false);
    // Every field the transformer always sends is required (a typed client reads a string), an
    // optional one is not; a sparse fieldset is the documented exception, on the field itself.
    expect(validate({ id: 1 })).to.equal(false);
    expect((schemas.components.Declared as { required: string[] }).required).to.deep.equal(['id', 'title']);
    const title = (schemas.components.Declared as { properties: Record<string, { description?: string }> }).properties.title;
    expect(title.description).to.match(/unless the request names fields of this type \(fields\[<type>\]\)/);
  });

  it('in json-api mode the fields but id are attributes, includes relationships, the type a constant', () => {
    const schemas = new ResourceSchemas('json-api', snake);
    schemas.resource(new Declared(), 'books');
    const validate = validator(schemas, 'Declared');
    expect(validate({ type: 'books', id: '1', attributes: { title: 'T' } })).to.equal(true);
    expect(validate({ type: 'authors', id: '1', attributes: { title: 'T' } })).to.equal(false);
    expect(validate({ type: 'books', id: '1', attributes: { title: 'T', id: 1 } })).to.equal(false);
    expect(validate({ type: 'books', id: '1', attributes: {} }), 'title is always sent').to.equal(false);
  });

  it('modelSchema: attributes in the configured case, nullable columns nullable and not required', () => {
    const schema = modelSchema(Book, snake) as { properties: Record<string, { type: unknown }>; required: string[] };
    expect(schema.properties.description.type).to.deep.equal(['string', 'null']);
    expect(schema.properties.published_at.type).to.deep.equal(['string', 'null']);
    expect(schema.properties.author_id.type).to.equal('integer');
    expect(schema.properties.title.type).to.equal('string');
    expect(schema.properties.id.type).to.equal('integer');
    expect(schema.required).to.include.members(['id', 'title', 'author_id']);
    expect(schema.required).to.not.include.members(['description', 'published_at']);
  });
});
