import type { Model, ModelStatic } from 'sequelize';
import type { FilterField } from '../metadata/filterTypes';

type AnyModel = ModelStatic<Model>;

/** What a principal may not use of each model: attributes, and associations. */
export interface HiddenNames {
  hidden(model: AnyModel): ReadonlySet<string>;
  hiddenRelations(model: AnyModel): ReadonlySet<string>;
}

/**
 * Declared filter fields less those the principal may not use: a field on an attribute it may not
 * read, a search over one, or a path through an association it may not use. What is left out is
 * refused exactly as a field that was never declared (the same 400, the same list of fields).
 *
 * @example
 * usableFilterFields(filterFields(BOOK_FILTERS), names); // without `description` for a reader
 */
export function usableFilterFields(fields: ReadonlyMap<string, FilterField>, names: HiddenNames): ReadonlyMap<string, FilterField> {
  let usable: Map<string, FilterField> | undefined;
  for (const [name, field] of fields) {
    if (usableField(field, names)) continue;
    usable ??= new Map(fields);
    usable.delete(name);
  }
  return usable ?? fields;
}

function usableField(field: FilterField, names: HiddenNames): boolean {
  const hidden = names.hidden(field.model);
  if (hidden.size > 0) {
    if (field.search) {
      for (const attribute of field.search) if (hidden.has(attribute)) return false;
    } else if (hidden.has(field.attribute)) return false;
  }
  for (const step of field.steps) if (names.hiddenRelations(step.association.source).has(step.association.as)) return false;
  return true;
}
