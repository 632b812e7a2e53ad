import { Body, JsonController, Post } from 'routing-controllers';
import { OpenAPI } from 'routing-controllers-openapi';
import { Service } from 'typedi';
import { Api, BATCH_OPERATION, batchResponse } from '../../src';

/** v1.composition.batch: several requests of this API in one, run in process. */
@Service()
@JsonController('/v1')
export class CompositionController {
  constructor(private readonly api: Api) {}

  @Post('/batch')
  @OpenAPI(BATCH_OPERATION)
  batch(@Body({ required: true, validate: false }) body: unknown) {
    return batchResponse(this.api, body);
  }
}
