import { ApiError } from '../errors/ApiError';
import { Transformer } from './Transformer';
import { Fieldset } from '../query/Fieldset';
import { fieldKey } from '../text/fieldKey';
import { AccessView, usableFieldNames } from './AccessView';

/**
 * Every name of a fieldset must be a field or an include of its type that the principal may use
 * (`access`): anything else is a 400 naming the fieldset and listing the allowed names (as
 * `displayKey` spells them).
 *
 * @example
 * checkFieldsetNames(new Fieldset('books', ['nope']), ['id', 'title'], transformer); // 400: "nope" is not a field of books
 */
export function checkFieldsetNames(
  fieldset: Fieldset,
  fields: readonly string[],
  transformer: unknown,
  displayKey: (name: string) => string = (name) => name,
  access?: AccessView,
): void {
  let names = [...fields];
  if (transformer instanceof Transformer) {
    names.push(...transformer.availableIncludes, ...transformer.defaultIncludes);
    // What the principal may not use is not a field of the type to it: refused, and not listed.
    names = [...usableFieldNames(access, transformer as Transformer, names)];
  }
  const known = new Set(names.map(fieldKey));
  const unknown = fieldset.names.find((name) => !known.has(fieldKey(name)));
  if (unknown === undefined) return;
  const shown = [...new Set(names.map(displayKey))];
  throw new ApiError('RCA_FIELDS_INVALID', {
    parameter: `fields[${fieldset.type}]`,
    reason: `"${unknown}" is not a field of ${fieldset.type}; allowed: ${shown.join(', ')}`,
  });
}
