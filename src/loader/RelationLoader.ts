import type { Model, ModelStatic } from 'sequelize';
import type { FilterRequest } from '../metadata/filterTypes';
import type { IncludeAggregate } from '../query/IncludeTree';
import type { AggregateValues } from './aggregateInMemory';
import { filterSql } from './compileFilter';
import { loadAggregates } from './loadAggregates';
import { loadRelated } from './loadRelated';
import type { ColumnSelector } from './parentBatches';
import type { RelatedRef } from './RelatedRef';
import type { SortRequest } from './sortKey';
import type { ReadAs } from './selectModels';

/**
 * What the include walk asks of the database, and all it asks: the related rows of a level's
 * parents, their aggregates, and an include's `filter()` as a condition on the related rows. The
 * walk is given one (render() gives `sqlRelationLoader`) and imports no SQL of its own.
 *
 * @example
 * const walk = new IncludeWalk({ loader: sqlRelationLoader, tree, defaults });
 */
export interface RelationLoader {
  /**
   * Fills each ref's `value` with its related rows (limit, offset and sort per parent; `sort.where`
   * applied), as rows or model instances (`as`; rows only where the model allows them).
   */
  loadRelated(refs: RelatedRef[], sort: SortRequest, select?: ColumnSelector, as?: ReadAs): Promise<void>;
  /** The aggregates of each ref's relation, in the order of `refs`. */
  loadAggregates(refs: RelatedRef[], aggregates: readonly IncludeAggregate[], where?: (alias: string) => string): Promise<AggregateValues[]>;
  /** An include's filter as a condition on `model`'s rows under an alias. */
  condition(model: ModelStatic<Model>, filter: FilterRequest): (alias: string) => string;
}

/** The toolkit's own SQL: batched statements per level (see `loadRelated`, `loadAggregates`, `filterSql`). */
export const sqlRelationLoader: RelationLoader = {
  loadRelated,
  loadAggregates,
  condition: (model, filter) => (alias) => filterSql(model, filter, alias),
};
