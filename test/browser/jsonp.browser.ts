import { expect } from 'chai';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Browser, chromium, Page } from 'playwright-core';
import { onBothFrameworks } from '../functional/exampleServer';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** A page on its own origin that loads one script URL, as a third-party site embedding JSONP would. */
async function pageServer(): Promise<{ url: (script: string) => string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const script = new URL(req.url!, 'http://page').searchParams.get('script') ?? '';
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html><body>
<script>
  window.received = null; window.pwned = false; window.notAFunction = 5;
  window.app = { onBooks: function (data) { window.received = data; } };
  function receive(data) { window.received = data; }
</script>
<script src="${script.replace(/"/g, '&quot;')}"></script>
</body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (script) => `http://127.0.0.1:${port}/?script=${encodeURIComponent(script)}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('JSONP in a real browser (headless Chromium)', function () {
  this.timeout(60_000);
  let browser: Browser;
  let pages: Awaited<ReturnType<typeof pageServer>>;

  before(async () => {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    pages = await pageServer();
  });
  after(async () => {
    await browser?.close();
    await pages?.close();
  });

  /** Opens the page with one script; answers what the page saw, and any dialog or uncaught error. */
  async function load(script: string): Promise<{ page: Page; dialogs: string[]; errors: string[] }> {
    const page = await browser.newPage();
    const dialogs: string[] = [];
    const errors: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(pages.url(script), { waitUntil: 'load' });
    return { page, dialogs, errors };
  }

  onBothFrameworks(
    'a <script> tag',
    (app) => {
      it('runs the callback with the data', async () => {
        const { page, errors } = await load(`${app().url}/v1/books?include=author&callback=receive`);
        const received = await page.evaluate(() => (globalThis as unknown as { received: { data: Array<{ id: number; author: { id: number } }> } }).received);
        expect(received.data.map((book) => book.id)).to.deep.equal([100, 99, 98, 97, 96]);
        expect(received.data[0].author.id).to.be.a('number');
        expect(errors).to.deep.equal([]);
        await page.close();
      });

      it('calls a dotted callback', async () => {
        const { page } = await load(`${app().url}/v1/books/3?callback=app.onBooks`);
        expect(await page.evaluate(() => (globalThis as unknown as { received: { id: number } }).received.id)).to.equal(3);
        await page.close();
      });

      it('does nothing for a valid name that is not a function', async () => {
        const { page, errors } = await load(`${app().url}/v1/books/3?callback=notAFunction`);
        expect(await page.evaluate(() => (globalThis as unknown as { received: unknown }).received)).to.equal(null);
        expect(errors).to.deep.equal([]);
        await page.close();
      });

      for (const hostile of [
        'alert(1)',
        'window.pwned=true;receive',
        'receive);alert(1);//',
        'receive//',
        '</script><script>alert(1)</script>',
        'a'.repeat(129),
        'delete',
      ]) {
        it(`never executes anything for the callback ${JSON.stringify(hostile.slice(0, 30))}`, async () => {
          const { page, dialogs } = await load(`${app().url}/v1/books/3?callback=${encodeURIComponent(hostile)}`);
          const state = await page.evaluate(() => ({
            pwned: (globalThis as unknown as { pwned: boolean }).pwned,
            received: (globalThis as unknown as { received: unknown }).received,
          }));
          expect(state).to.deep.equal({ pwned: false, received: null });
          expect(dialogs).to.deep.equal([]);
          await page.close();
        });
      }
    },
    { jsonp: { enabled: true } },
  );
});
