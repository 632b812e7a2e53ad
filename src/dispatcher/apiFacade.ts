import { Container } from 'typedi';
import { Api } from './Api';

const api = () => Container.get(Api);

/**
 * The static facade of the `Api` service (the original's `API` alias): the same methods, on the
 * container's instance.
 *
 * @example
 * const books = await API.get('/v1/books', { include: 'author' });
 */
export class API {
  static get: Api['get'] = (...args) => api().get(...args);
  static post: Api['post'] = (...args) => api().post(...args);
  static put: Api['put'] = (...args) => api().put(...args);
  static patch: Api['patch'] = (...args) => api().patch(...args);
  static delete: Api['delete'] = (...args) => api().delete(...args);
  static head: Api['head'] = (...args) => api().head(...args);
  static invoke: Api['invoke'] = (...args) => api().invoke(...args);
  static invokeRemote: Api['invokeRemote'] = (...args) => api().invokeRemote(...args);
  static getRemoteClient: Api['getRemoteClient'] = () => api().getRemoteClient();
  static createResponse: Api['createResponse'] = (...args) => api().createResponse(...args);
  static request: Api['request'] = (...args) => api().request(...args);
}
