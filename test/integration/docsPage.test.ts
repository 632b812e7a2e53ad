import { expect } from 'chai';
import express from 'express';
import Koa from 'koa';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { docsController, useApi } from '../../src';
import { FRAMEWORKS } from '../fixture/app';

for (const framework of FRAMEWORKS) {
  describe(`docsController() without Swagger UI [${framework}]`, () => {
    let server: http.Server;
    let url: string;
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);

    before(async () => {
      process.on('warning', onWarning);
      const controller = docsController({ path: '/missing', info: { title: 'No UI here' }, assets: '/nonexistent/swagger-ui-dist' });
      const app = useApi(framework === 'koa' ? new Koa() : express(), { controllers: [controller] });
      const handle = framework === 'koa' ? (app as Koa).callback() : (app as express.Express);
      server = http.createServer((req, res) => void handle(req, res));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      // Node delivers warnings on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
    });
    after(async () => {
      process.off('warning', onWarning);
      await new Promise((resolve) => server.close(resolve));
    });

    it('says so once when the app is made, and the page explains it and links the document, instead of a blank page', async () => {
      expect(warnings.map((warning) => warning.message)).to.deep.equal(['/missing/docs will explain that Swagger UI is missing: npm install swagger-ui-dist']);
      const page = await fetch(`${url}/missing/docs`);
      expect(page.status).to.equal(200);
      expect(page.headers.get('content-type')).to.equal('text/html; charset=utf-8');
      const html = await page.text();
      expect(html).to.include('npm install swagger-ui-dist').and.include('<a href="/missing/openapi.json">');
      expect((await fetch(`${url}/missing/openapi.json`)).status).to.equal(200);
    });
  });
}
