import type { Model, ModelStatic } from 'sequelize';
import type { FilterableFields } from '../src/metadata/filterTypes';
import { METADATA } from '../src/metadata/actionMetadata';

/**
 * Lets a client choose which resources this collection action lists, by the fields named here
 * only, each with its operators: `?filter[title][contains]=dune&filter[published_at][gte]=2020-01-01`.
 * A relation path (`author.name`) keeps a parent whose related row matches, once (EXISTS). A field
 * declared `{ search: [...] }` is full-text. `paginate()`, `cursorPaginate()` and `filterWhere()`
 * apply it in SQL; anything undeclared, mistyped or over the limits is a 400 before the action runs.
 * Records metadata only.
 *
 * @example
 * \@Get('/')
 * \@Transformer(BookTransformer)
 * \@Paginated()
 * \@Filterable(() => Book, { title: ['eq', 'contains'], published_at: ['gte', 'lte', 'between'], 'author.name': ['eq', 'contains'] })
 * index() { return paginate(Book, { order: [['createdAt', 'DESC']] }); }
 */
export function Filterable<M extends Model>(model: () => ModelStatic<M>, fields: FilterableFields): MethodDecorator {
  const metadata = Object.freeze({ model: model, fields: Object.freeze({ ...fields }) });
  return (target, propertyKey) => Reflect.defineMetadata(METADATA.filterable, metadata, target, propertyKey);
}
