export { Transformer } from './Transformer';
export { AvailableIncludes } from './AvailableIncludes';
export { Paginated } from './Paginated';
export type { PaginatedOptions, TransformerSource } from '../src/integration/actionMetadata';
