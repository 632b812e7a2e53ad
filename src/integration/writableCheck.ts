import type { Model, ModelStatic } from 'sequelize';
import type { RequestContext } from '../context/RequestContext';
import { rulesFor } from '../context/rulesFor';
import { NotWritableError } from '../errors/NotWritableError';
import { fieldAttribute } from '../model/fieldAttribute';
import { transformerModel } from '../context/transformerModel';

const WRITES = new Set(['POST', 'PUT', 'PATCH']);

/** The model an action writes: its transformer's (declared or learnt), else its `@Created` or `@Filterable` one. */
function writtenModel(context: RequestContext): ModelStatic<Model> | undefined {
  const { metadata, transformer } = context.action ?? {};
  return transformerModel(context.app, transformer) ?? metadata?.created?.() ?? metadata?.filterable?.model();
}

/**
 * Before a write action runs: a body field that writes an attribute the caller's policy makes
 * read-only is a 422 naming it (`readOnlyWrites: 'refuse'`), or is dropped from the body
 * (`'ignore'`). Nothing is written either way before the check. A field the caller may not read
 * either is refused in the words of a property the body may not have at all.
 *
 * @example
 * checkWritable(context); // throws NotWritableError(['cost']) for a reader's PATCH { cost: 3 }
 */
export function checkWritable(context: RequestContext): void {
  if (!context.app.policies || !WRITES.has(context.method)) return;
  const body = context.body();
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return;
  const model = writtenModel(context);
  const rules = model ? rulesFor(context, model) : undefined;
  if (!model || !rules || rules.readOnly.size === 0) return;
  const transformer = context.action?.transformer;
  const attributeOf = (field: string) => fieldAttribute(model, field, transformer) ?? '';
  const refused = Object.keys(body).filter((field) => rules.readOnly.has(attributeOf(field)));
  if (refused.length === 0) return;
  // One the caller may not read either is refused as a property that does not exist.
  const unseen = refused.filter((field) => rules.hidden.has(attributeOf(field)));
  if (context.app.config.readOnlyWrites === 'refuse') throw new NotWritableError(refused, unseen);
  for (const field of refused) delete (body as Record<string, unknown>)[field];
}
