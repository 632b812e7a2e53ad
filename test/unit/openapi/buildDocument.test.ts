import 'reflect-metadata';
import { expect } from 'chai';
import { Type } from 'class-transformer';
import { IsInt, IsString, Min, ValidateNested } from 'class-validator';
import { Body, Get, HttpCode, JsonController, Param, Post } from 'routing-controllers';
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

  @Get('/:id')
  show(@Param('id') id: number) {
    return { id };
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

  it('documents JSONP (text/javascript and the callback parameter) on GETs only while jsonp.enabled is on', () => {
    type Get = { parameters?: Array<{ name: string }>; responses: Record<string, { content?: Record<string, unknown> }> };
    const get = (jsonp: boolean) =>
      (
        buildOpenApiDocument({ config: resolveConfig({ jsonp: { enabled: jsonp } }), routing: { controllers: [OrdersController] } }) as {
          paths: Record<string, { get: Get }>;
        }
      ).paths['/unit-openapi/orders/{id}'].get;
    const off = get(false);
    expect(Object.values(off.responses).flatMap((response) => Object.keys(response.content ?? {}))).not.to.include('text/javascript');
    expect((off.parameters ?? []).map((parameter) => parameter.name)).not.to.include('callback');
    const on = get(true);
    expect(on.responses['200'].content).to.have.property('text/javascript');
    expect((on.parameters ?? []).map((parameter) => parameter.name)).to.include('callback');
  });
});
