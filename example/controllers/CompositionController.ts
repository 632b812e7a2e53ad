import { Body, JsonController, Post } from 'routing-controllers';
import { OpenAPI } from 'routing-controllers-openapi';
import { Service } from 'typedi';
import { Api, ATOMIC_OPERATION, atomicOperationsResponse, BATCH_OPERATION, batchResponse } from '../../src';

/** v1.composition.batch|operations: several requests of this API in one, run in process. */
@Service()
@JsonController('/v1')
export class CompositionController {
  constructor(private readonly api: Api) {}

  @Post('/batch')
  @OpenAPI(BATCH_OPERATION)
  batch(@Body({ required: true, validate: false }) body: unknown) {
    return batchResponse(this.api, body);
  }

  /** JSON:API Atomic Operations (in json-api mode): add, update and remove, all or nothing, with lids. */
  @Post('/operations')
  @OpenAPI(ATOMIC_OPERATION)
  operations(@Body({ required: true, validate: false }) body: unknown) {
    return atomicOperationsResponse(this.api, body, '/v1');
  }
}
