import { literal, Op } from 'sequelize';
import { definePolicy } from '../src';
import type { Caller } from './auth';
import { Book, Comment } from './models';

/** What only staff (editors and admins) read and write of a book. */
const STAFF_ONLY = ['cost', 'draft', 'editorId'] as const;

/**
 * Who may see what in the example. Anonymous callers and readers: published books without their
 * cost, draft flag or editor, and the comments no moderator flagged on them; they may not write
 * those fields. Editors: also the cost, their own drafts and their comments. Admins: everything,
 * flagged comments too.
 *
 * @example
 * useApi(app, { controllers, policies: examplePolicies, principal: bearerPrincipal(DEVELOPMENT_KEY) });
 */
export const examplePolicies = [
  definePolicy(Book, (caller: Caller | null) => {
    if (caller?.role === 'admin') return {};
    if (caller?.role === 'editor') return { rows: { [Op.or]: [{ draft: false }, { editorId: caller.id }] } };
    return { rows: { draft: false }, hidden: STAFF_ONLY, readOnly: STAFF_ONLY };
  }),
  definePolicy(Comment, (caller: Caller | null) =>
    caller?.role === 'admin' ? {} : { rows: { flagged: false, bookId: { [Op.notIn]: draftsHiddenFrom(caller) } }, hidden: ['flagged'] },
  ),
];

/**
 * The ids of the drafts `caller` may not see, as a subquery of the statement that reads comments: a
 * comment is seen only with its book, and no statement is added. Written as the few rows to leave
 * out (NOT IN), so that a page of comments still walks the index of its order and stops at its limit.
 */
function draftsHiddenFrom(caller: Caller | null) {
  const others = caller?.role === 'editor' ? ` AND (editor_id IS NULL OR editor_id <> ${Number(caller.id)})` : '';
  return literal(`(SELECT id FROM books WHERE draft = true${others})`);
}
