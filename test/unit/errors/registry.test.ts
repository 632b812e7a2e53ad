import { expect } from 'chai';
import { ApiError, ERROR_REGISTRY, ErrorCode, UnexpectedIncludesParameterError } from '../../../src';
import { describeError } from '../../../src/errors/describeError';

describe('ERROR_REGISTRY', () => {
  const codes = Object.keys(ERROR_REGISTRY) as ErrorCode[];

  it('gives every code a prefix, an error status and a template', () => {
    for (const code of codes) {
      const { status, template } = ERROR_REGISTRY[code];
      expect(code).to.match(/^RCA_[A-Z_]+$/);
      expect(status).to.be.within(400, 599);
      expect(template).to.be.a('string').and.not.empty;
    }
  });

  it('builds an ApiError from each code with its status and a filled message', () => {
    for (const code of codes) {
      const error = new ApiError(code, { parameter: 'p', reason: 'r', name: 'n', method: 'GET', path: '/x' });
      expect(error.code).to.equal(code);
      expect(error.status).to.equal(ERROR_REGISTRY[code].status);
      expect(error.httpCode).to.equal(error.status);
      expect(error.expose).to.equal(error.status < 500);
      expect(describeError(error, false).status).to.equal(error.status);
    }
  });

  it('keeps the cause', () => {
    const cause = new Error('root');
    expect(new ApiError('RCA_CONFIG_INVALID', {}, { cause }).cause).to.equal(cause);
  });

  it('makes UnexpectedIncludesParameterError a 400 that names the parameter', () => {
    const error = new UnexpectedIncludesParameterError('comments:limit(x)', 'limit must be an integer');
    expect(error).to.be.instanceOf(ApiError);
    expect(error.status).to.equal(400);
    expect(error.name).to.equal('UnexpectedIncludesParameterError');
    expect(error.message).to.equal('Invalid include parameter "comments:limit(x)": limit must be an integer');
  });
});

describe('describeError()', () => {
  it('hides a 5xx message unless debug is on', () => {
    expect(describeError(new Error('secret'), false).message).to.equal('Internal Server Error');
    expect(describeError(new Error('secret'), true).message).to.equal('secret');
  });

  it('reads httpCode, status and statusCode in 400-599', () => {
    expect(describeError({ httpCode: 418, message: 'teapot' }, false)).to.include({ status: 418, message: 'teapot' });
    expect(describeError(Object.assign(new Error('gone'), { status: 410 }), false)).to.include({ status: 410, message: 'gone' });
    expect(describeError(Object.assign(new Error('x'), { statusCode: 200 }), false).status).to.equal(500);
  });

  it('lets an error thrown inside validation decide, not the 400 wrapped around it', () => {
    const wrapped = Object.assign(new Error("Invalid body, check 'errors' property for more info."), { httpCode: 400, errors: new Error('database gone') });
    expect(describeError(wrapped, false)).to.include({ status: 500, message: 'Internal Server Error' });
  });

  it('turns class-validator errors into 422 { field: [messages] }', () => {
    const errors = [
      { property: 'title', constraints: { minLength: 'too short' }, children: [] },
      { property: 'meta', children: [{ property: 'tag', constraints: { isString: 'not text' }, children: [] }] },
    ];
    expect(describeError(Object.assign(new Error('Bad'), { httpCode: 400, errors }), false)).to.deep.include({
      status: 422,
      message: { title: ['too short'], 'meta.tag': ['not text'] },
    });
  });
});
