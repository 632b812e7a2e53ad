import { expect } from 'chai';
import { Browser, chromium } from 'playwright-core';
import { onBothFrameworks } from '../functional/exampleServer';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

describe('the API reference page in a real browser (headless Chromium)', function () {
  this.timeout(60_000);
  let browser: Browser;

  before(async () => {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
  });
  after(() => browser?.close());

  onBothFrameworks('GET /v1/docs', (app) => {
    it('loads Swagger UI from the app itself, no other host, and shows the books operations', async () => {
      const page = await browser.newPage();
      const elsewhere: string[] = [];
      const errors: string[] = [];
      page.on('request', (request) => {
        if (!request.url().startsWith(app().url)) elsewhere.push(request.url());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${app().url}/v1/docs`, { waitUntil: 'load' });
      await page.waitForSelector('.opblock-summary-path', { timeout: 20_000 });
      const operations = await page.$$eval('.opblock-summary', (blocks) =>
        blocks.map(
          (block) =>
            `${block.querySelector('.opblock-summary-method')?.textContent} ${block.querySelector('.opblock-summary-path')?.getAttribute('data-path')}`,
        ),
      );
      expect(operations).to.include.members(['GET /v1/books', 'POST /v1/books', 'GET /v1/books/{id}', 'PATCH /v1/books/{id}', 'DELETE /v1/books/{id}']);
      expect(await page.textContent('.title')).to.contain('Books API');
      expect(elsewhere).to.deep.equal([]);
      expect(errors).to.deep.equal([]);
      await page.close();
    });
  });
});
