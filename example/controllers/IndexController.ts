import { Get, JsonController } from 'routing-controllers';
import { Service } from 'typedi';
import { currentContext, json } from '../../src';

/** v1.index: the entry point of the API, every named route with its method and URL. */
@Service()
@JsonController('/v1')
export class IndexController {
  @Get('/')
  index() {
    const { origin, app } = currentContext();
    const links = Object.fromEntries(
      app.routes.all().map((route) => [route.name, { method: route.method, href: origin + route.path.replace(/:(\w+)/g, '{$1}') }]),
    );
    return json({ name: 'books-api', links });
  }
}
