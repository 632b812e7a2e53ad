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

  it('keeps the first route of a name', () => {
    expect(routes.get('v1.books.show')!.path).to.equal('/v1/books/:id');
  });

  it('reports unknown names and missing parameters', () => {
    expect(() => routes.path('nope')).to.throw(ApiError, /No route is named "nope"/);
    expect(() => routes.path('v1.books.show')).to.throw(ApiError, /needs the parameter "id"/);
  });
});
