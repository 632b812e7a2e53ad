import { METADATA } from '../src/metadata/actionMetadata';

/**
 * Lets a client order this collection action with `?sort=-created_at,title` (`-` for descending),
 * by the fields named here only: any other is a 400 listing them. `paginate()` and `sortOrder()`
 * apply it in SQL; without a `sort` parameter the action's own order stands. Records metadata only.
 *
 * @example
 * \@Get('/')
 * \@Transformer(BookTransformer)
 * \@Paginated()
 * \@Sortable('title', 'created_at')
 * index() { return paginate(Book, { order: [['createdAt', 'DESC']] }); }
 */
export function Sortable(...fields: string[]): MethodDecorator {
  const frozen = Object.freeze([...fields]);
  return (target, propertyKey) => Reflect.defineMetadata(METADATA.sortable, frozen, target, propertyKey);
}
