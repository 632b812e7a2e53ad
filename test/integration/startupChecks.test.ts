import 'reflect-metadata';
import { expect } from 'chai';
import express from 'express';
import Koa from 'koa';
import { Get, JsonController } from 'routing-controllers';
import { Service } from 'typedi';
import { AvailableIncludes, Filterable, Paginated, Sortable, Transformer } from '../../decorators';
import { ApiError, paginate, useApi } from '../../src';
import { Book } from '../../example/models';
import { BookTransformer } from '../../example/transformers/BookTransformer';
import type { Sequelize } from 'sequelize';
import { exampleDatabase } from '../fixture/database';

@Service()
@JsonController('/startup-checks/typos')
class TypoController {
  @Get('/')
  @Transformer(BookTransformer, { resourceKey: 'books' })
  @Paginated()
  @Filterable(() => Book, { titel: ['eq'], 'autor.name': ['eq'] })
  @Sortable('titel')
  @AvailableIncludes('author', 'authr')
  index() {
    return paginate(Book);
  }
}

@Service()
@JsonController('/startup-checks/fine')
class FineController {
  @Get('/')
  @Transformer(BookTransformer, { resourceKey: 'books' })
  @Paginated()
  @Filterable(() => Book, { title: ['eq'], 'author.name': ['eq'] })
  @Sortable('title')
  @AvailableIncludes('author')
  index() {
    return paginate(Book);
  }
}

const apps = { express: () => express(), koa: () => new Koa() };

for (const [framework, make] of Object.entries(apps)) {
  describe(`useApi() start-up checks [${framework}]`, () => {
    let sequelize: Sequelize;
    before(async () => {
      sequelize = await exampleDatabase();
    });

    it('throws one error listing every declared name that does not resolve, with where it was declared', () => {
      let thrown: unknown;
      try {
        useApi(make(), { controllers: [TypoController], sequelize });
      } catch (error) {
        thrown = error;
      }
      expect(thrown).to.be.instanceOf(ApiError);
      const message = (thrown as ApiError).message;
      expect(message).to.match(/^useApi\(\) found 4 declared names that do not resolve:/);
      for (const line of [
        '- TypoController.index() @Filterable: @Filterable field "titel" of Book cannot be filtered',
        '- TypoController.index() @Filterable: @Filterable field "autor.name" of Book cannot be filtered',
        '- TypoController.index() @AvailableIncludes: BookTransformer has no include "authr" (it has: author, publisher, comments, genres)',
        '- TypoController.index() @Sortable: "titel" is no attribute of Book',
      ]) {
        expect(message).to.include(line);
      }
    });

    it('starts an app whose names all resolve: the example’s transformers, models and associations walked through', () => {
      expect(() => useApi(make(), { controllers: [FineController], sequelize })).not.to.throw();
    });
  });
}
