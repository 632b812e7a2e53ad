import 'reflect-metadata';
import type { ExampleFramework } from '../example/config';
import { measureGarbage } from './internalGarbage';

/** `node internalGarbageWorker.js <express|koa>`: prints `{ retained, promoted }` (bytes a call) for one framework alone in this process. */
measureGarbage(process.argv[2] as ExampleFramework).then(
  (figures) => {
    console.log(JSON.stringify(figures));
    process.exit(0);
  },
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
