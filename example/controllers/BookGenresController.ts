import { Body, Delete, Get, JsonController, Param, Patch, Post } from 'routing-controllers';
import { OpenAPI } from 'routing-controllers-openapi';
import { Op } from 'sequelize';
import { Service } from 'typedi';
import {
  Api,
  ApiError,
  checkRelationshipIfMatch,
  findOrFail,
  json,
  readRelationshipIds,
  relationshipOperation,
  relationshipResponse,
  validId,
} from '../../src';
import { Relationship } from '../../decorators';
import { Book, BookGenre, Genre } from '../models';

const TYPE = 'genres';

/** The documented request: the book's genres 2 and 5. */
const DOCUMENT = {
  data: [
    { type: TYPE, id: '2' },
    { type: TYPE, id: '5' },
  ],
};

/** What each write does with the genres a book has and the genres the request names. */
type Change = 'add' | 'replace' | 'remove';

/**
 * v1.books.relationships.genres.show|add|replace|remove: a book's genres as a JSON:API to-many
 * relationship (`/v1/books/1/relationships/genres`), which atomic operations reach too. Writes answer
 * 204; a genre that does not exist is a 404 and nothing is written. A caller from whom a policy hides
 * Book.genres finds no such route (`@Relationship`).
 */
@Service()
@Relationship(() => Book, 'genres')
@JsonController('/v1/books/:id/relationships/genres')
export class BookGenresController {
  constructor(private readonly api: Api) {}

  @Get('/')
  @OpenAPI(relationshipOperation({ type: TYPE }))
  async show(@Param('id') id: number) {
    await findOrFail(Book, id);
    return relationshipResponse(TYPE, await genreIds(id));
  }

  @Post('/')
  @OpenAPI(relationshipOperation({ type: TYPE, write: 'add', example: DOCUMENT }))
  async add(@Param('id') id: number, @Body({ required: true, validate: false }) body: unknown) {
    await this.change(id, body, 'add');
    return json().noContent();
  }

  @Patch('/')
  @OpenAPI(relationshipOperation({ type: TYPE, write: 'replace', example: DOCUMENT }))
  async replace(@Param('id') id: number, @Body({ required: true, validate: false }) body: unknown) {
    await this.change(id, body, 'replace');
    return json().noContent();
  }

  @Delete('/')
  @OpenAPI(relationshipOperation({ type: TYPE, write: 'remove', example: DOCUMENT }))
  async remove(@Param('id') id: number, @Body({ required: true, validate: false }) body: unknown) {
    await this.change(id, body, 'remove');
    return json().noContent();
  }

  /**
   * One transaction (or the atomic request's): the book and every named genre must exist, an
   * `If-Match` must name the linkage as it is, then the join rows change. The book's row is locked
   * (SQLite's transaction holds the write lock already), so no other write comes between the check and the change.
   */
  private async change(id: number, body: unknown, change: Change): Promise<void> {
    const bookId = validId(Book, id);
    const requested = readRelationshipIds(body, { type: TYPE });
    await this.api.transaction(async () => {
      await findOrFail(Book, bookId, { lock: true });
      await checkRelationshipIfMatch(TYPE, () => genreIds(bookId));
      const named = await existingGenres(requested);
      if (change !== 'add') {
        const members = change === 'remove' ? { [Op.in]: named } : { [Op.notIn]: named };
        await BookGenre.destroy({ where: { bookId, genreId: members } });
      }
      if (change !== 'remove' && named.length > 0) {
        await BookGenre.bulkCreate(
          named.map((genreId) => ({ bookId, genreId })),
          { ignoreDuplicates: true },
        );
      }
    });
  }
}

/** A book's genre ids, in order. */
async function genreIds(bookId: number): Promise<number[]> {
  const rows = await BookGenre.findAll({ where: { bookId }, attributes: ['genreId'], order: [['genreId', 'ASC']] });
  return rows.map((row) => row.genreId);
}

/** A genre id as a URL or a document writes it. */
const WHOLE_NUMBER = /^[1-9]\d{0,14}$/;

/** The named genres' ids; a 404 naming those of no genre (an id that is not a whole number names none). */
async function existingGenres(ids: string[]): Promise<number[]> {
  const numbers = ids.filter((id) => WHOLE_NUMBER.test(id)).map(Number);
  const found = new Set((await Genre.findAll({ where: { id: numbers }, attributes: ['id'] })).map((genre) => genre.id));
  const missing = ids.filter((id) => !WHOLE_NUMBER.test(id) || !found.has(Number(id)));
  if (missing.length > 0) throw new ApiError('RCA_RELATED_NOT_FOUND', { type: TYPE, ids: missing.slice(0, 10).join(', ').slice(0, 200) });
  return numbers;
}
