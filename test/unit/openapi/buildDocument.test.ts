import 'reflect-metadata';
import { expect } from 'chai';
import { Type } from 'class-transformer';
import { IsInt, IsString, Min, ValidateNested } from 'class-validator';
import { Body, HttpCode, JsonController, Post } from 'routing-controllers';
import { buildOpenApiDocument, resolveConfig } from '../../../src';

class OrderLine {
  @IsString() sku!: string;
  @IsInt() @Min(1) quantity!: number;
}

class CreateOrder {
  @IsString() customer!: string;
  @ValidateNested({ each: true }) @Type(() => OrderLine) lines!: OrderLine[];
  @ValidateNested() @Type(() => OrderLine) first!: OrderLine;
}

@JsonController('/unit-openapi/orders')
class OrdersController {
  @Post('/')
  @HttpCode(201)
  store(@Body() body: CreateOrder) {
    return body;
  }
}

describe('buildOpenApiDocument()', () => {
  it('describes a nested list of @ValidateNested() + @Type(() => Line) by its class, never as #/components/schemas/Array', () => {
    const document = buildOpenApiDocument({ config: resolveConfig(), routing: { controllers: [OrdersController] } }) as {
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    const text = JSON.stringify(document);
    expect(text).not.to.include('#/components/schemas/Array');
    const order = document.components.schemas.CreateOrder;
    expect(order.properties!.lines).to.deep.equal({ type: 'array', items: { $ref: '#/components/schemas/OrderLine' } });
    expect(order.properties!.first).to.deep.equal({ $ref: '#/components/schemas/OrderLine' });
    expect(document.components.schemas.OrderLine.properties).to.have.keys('sku', 'quantity');
    // Every reference of the document names a schema it holds.
    // @HttpCode(201) is what the action answers: documented as such, not as a 200.
    const responses = (document as unknown as { paths: Record<string, { post: { responses: Record<string, unknown> } }> }).paths['/unit-openapi/orders'].post
      .responses;
    expect(responses).to.have.property('201');
    expect(responses).not.to.have.property('200');
    for (const [, name] of text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)) expect(document.components.schemas, name).to.have.property(name);
  });
});
