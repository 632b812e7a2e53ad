import * as authorsAndPublishers from './001-create-authors-and-publishers';
import * as books from './002-create-books';
import * as comments from './003-create-comments';
import * as bookVersion from './004-add-book-version';
import * as seedLedger from './005-separate-seed-ledger';
import * as sortIndexes from './006-add-sort-indexes';
import * as genres from './007-create-genres';
import * as filterIndexes from './008-add-filter-indexes';
import * as commentRating from './009-add-comment-rating';
import * as searchDiacritics from './010-search-keeps-diacritics';
import * as callers from './011-add-callers';
import type { Step } from './inTransaction';

/** The migrations in order; listed, not globbed, so they run the same from TypeScript and from dist/. */
export const migrations: Array<{ name: string; up: Step; down: Step }> = [
  { name: '001-create-authors-and-publishers', ...authorsAndPublishers },
  { name: '002-create-books', ...books },
  { name: '003-create-comments', ...comments },
  { name: '004-add-book-version', ...bookVersion },
  { name: '005-separate-seed-ledger', ...seedLedger },
  { name: '006-add-sort-indexes', ...sortIndexes },
  { name: '007-create-genres', ...genres },
  { name: '008-add-filter-indexes', ...filterIndexes },
  { name: '009-add-comment-rating', ...commentRating },
  { name: '010-search-keeps-diacritics', ...searchDiacritics },
  { name: '011-add-callers', ...callers },
];
