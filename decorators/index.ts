export { Transformer } from './Transformer';
export { AvailableIncludes } from './AvailableIncludes';
export { Paginated } from './Paginated';
export { Sortable } from './Sortable';
export { Created } from './Created';
export { Filterable } from './Filterable';
export { Relationship } from './Relationship';
export type { PaginatedOptions, TransformerSource } from '../src/metadata/actionMetadata';
export type { FilterableFields, FilterDeclaration, FilterOperator } from '../src/metadata/filterTypes';
