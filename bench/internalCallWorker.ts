import 'reflect-metadata';
import { measureSide, Side } from './internalCall';
import type { ExampleFramework } from '../example/config';

/** `node internalCallWorker.js <express|koa> <side>`: prints `{ path: µs }` for one side alone in this process. */
const [framework, side] = process.argv.slice(2);
measureSide(framework as ExampleFramework, side as Side).then(
  (timings) => console.log(JSON.stringify(timings)),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
