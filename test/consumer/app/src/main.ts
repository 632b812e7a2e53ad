import 'reflect-metadata';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { useContainer } from 'routing-controllers';
import { Container } from 'typedi';
import { useApi } from 'routing-controllers-api';
import { openDatabase } from './models';
import { PostsController } from './PostsController';

useContainer(Container);

type Check = [name: string, run: (base: string) => Promise<void>];

async function get(url: string): Promise<{ status: number; body: any }> {
  const res = await fetch(url);
  return { status: res.status, body: await res.json() };
}

function expect(condition: boolean, what: string): void {
  if (!condition) throw new Error(what);
}

const checks: Check[] = [
  [
    'includes and pagination',
    async (base) => {
      const { status, body } = await get(`${base}/v1/posts?per_page=4&include=writer,notes:limit(2)`);
      expect(status === 200, `status ${status}`);
      expect(body.data.length === 4, 'four posts');
      expect(body.data[0].title === 'Post 12' && body.data[0].writer.name === 'Writer 1', 'newest first, with its writer');
      expect(
        body.data.every((post: any) => post.notes.data.length <= 2),
        'notes limited per post',
      );
      expect(body.data[1].notes.data.length === 1 && body.data[1].notes.data[0].body === 'Note 11.1', 'the notes of post 11');
      expect(body.meta.pagination.total === 12 && body.meta.pagination.total_pages === 3, 'pagination meta');
      const next = new URL(body.meta.pagination.links.next);
      expect(
        next.origin === base && next.searchParams.get('page') === '2' && next.searchParams.get('include') === 'writer,notes:limit(2)',
        `next link ${next}`,
      );
    },
  ],
  [
    'an item with a nested include',
    async (base) => {
      const { status, body } = await get(`${base}/v1/posts/4?include=notes:limit(1|1)`);
      expect(status === 200 && body.id === 4 && body.link.href === `${base}/v1/posts/4`, 'the post and its link');
      expect(body.notes.data.length === 1 && body.notes.data[0].body === 'Note 4.3', 'one note, offset 1, newest first');
    },
  ],
  [
    '404 for a missing post (rejectOnEmpty)',
    async (base) => {
      const { status, body } = await get(`${base}/v1/posts/999`);
      expect(status === 404 && body.error.code === 404, `status ${status}`);
    },
  ],
  [
    '400 for an unknown include and a limit over the cap',
    async (base) => {
      const unknown = await get(`${base}/v1/posts?include=bogus`);
      expect(unknown.status === 400 && /available: writer, notes/.test(unknown.body.error.message), `unknown include: ${unknown.status}`);
      const tooMany = await get(`${base}/v1/posts/1?include=notes:limit(500)`);
      expect(tooMany.status === 400, `limit: ${tooMany.status}`);
    },
  ],
  [
    '400 for a bad page',
    async (base) => {
      expect((await get(`${base}/v1/posts?page=abc`)).status === 400, 'page=abc');
    },
  ],
];

async function main(): Promise<number> {
  const sequelize = await openDatabase();
  const app = useApi(express(), { controllers: [PostsController] });
  const server = http.createServer(app).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let failed = 0;
  for (const [name, run] of checks) {
    try {
      await run(base);
      console.log(`ok - ${name}`);
    } catch (error) {
      failed++;
      console.log(`not ok - ${name}: ${(error as Error).message}`);
    }
  }
  console.log(`consumer: ${checks.length - failed} passed, ${failed} failed`);
  server.close();
  await sequelize.close();
  return failed === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
