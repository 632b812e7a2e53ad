import { expect } from 'chai';
import { ApiError } from '../../../src';
import { deriveRouteName, RouteRegistry } from '../../../src/routing/RouteRegistry';

describe('RouteRegistry', () => {
  const routes = new RouteRegistry();
  routes.add({ name: 'v1.books.show', method: 'GET', path: '/v1/books/:id' });
  routes.add({ name: 'v1.books.show', method: 'GET', path: '/shadowed/:id' });

  it('derives names from the controller route and the method', () => {
    expect(deriveRouteName('/v1/books', 'show')).to.equal('v1.books.show');
    expect(deriveRouteName('/v1/authors/:id', 'books')).to.equal('v1.authors.books');
    expect(deriveRouteName(undefined, 'ping')).to.equal('ping');
  });

  it('fills parameters, encodes them, and puts the rest in the query', () => {
    expect(routes.path('v1.books.show', { id: 7 })).to.equal('/v1/books/7');
    expect(routes.path('v1.books.show', { id: 'a b', include: 'author' })).to.equal('/v1/books/a%20b?include=author');
  });

  it('writes any number as text, encoded where its text needs it (1e+21), and leaves out optional parameters not given', () => {
    const more = new RouteRegistry();
    more.add({ name: 'archive', method: 'GET', path: '/v1/archive/:year?/:month?' });
    expect(more.path('archive', { year: 2024, month: 5 })).to.equal('/v1/archive/2024/5');
    expect(more.path('archive', { year: 2024 })).to.equal('/v1/archive/2024');
    expect(more.path('archive')).to.equal('/v1/archive');
    expect(routes.path('v1.books.show', { id: -7 })).to.equal('/v1/books/-7');
    expect(routes.path('v1.books.show', { id: 1.5 })).to.equal('/v1/books/1.5');
    expect(routes.path('v1.books.show', { id: 1e21 })).to.equal('/v1/books/1e%2B21');
  });

  it('keeps the first route of a name', () => {
    expect(routes.get('v1.books.show')!.path).to.equal('/v1/books/:id');
  });

  it('reports unknown names and missing parameters', () => {
    expect(() => routes.path('nope')).to.throw(ApiError, /No route is named "nope"/);
    expect(() => routes.path('v1.books.show')).to.throw(ApiError, /needs the parameter "id"/);
  });
});
