import { parseCalendarDate } from '../../src';
import type { CreateBookRequest } from './CreateBookRequest';
import type { UpdateBookRequest } from './UpdateBookRequest';

/** Request fields to model attributes; only fields the client sent are set. */
export function bookAttributes(body: CreateBookRequest | UpdateBookRequest): Record<string, unknown> {
  const attributes: Record<string, unknown> = {
    title: body.title,
    description: body.description,
    // Validated as a strict calendar date already; null clears the date.
    publishedAt: body.published_at === undefined || body.published_at === null ? body.published_at : parseCalendarDate(body.published_at),
    outOfPrint: body.out_of_print,
    authorId: body.author_id,
    publisherId: body.publisher_id,
    draft: body.draft,
    cost: body.cost,
  };
  return Object.fromEntries(Object.entries(attributes).filter(([, value]) => value !== undefined));
}
