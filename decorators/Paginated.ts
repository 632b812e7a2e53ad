import { METADATA, PaginatedOptions } from '../src/metadata/actionMetadata';

/**
 * Paginates the action: `page` and `per_page` are validated before it runs (400 when invalid),
 * `pageRequest()` / `paginate()` give it the window to load, and a `{ rows, count }` or an array
 * it returns is sent with `meta.pagination`. Records metadata only.
 *
 * @example
 * \@Get('/')
 * \@Transformer(BookTransformer)
 * \@Paginated({ perPage: 5 })
 * index() { return paginate(Book, { order: [['createdAt', 'DESC']] }); }
 */
export function Paginated({ perPage = 15, maxPerPage = 100, cursor = false }: PaginatedOptions = {}): MethodDecorator {
  const options = Object.freeze({ perPage, maxPerPage: Math.max(perPage, maxPerPage), cursor });
  return (target, propertyKey) => Reflect.defineMetadata(METADATA.paginated, options, target, propertyKey);
}
