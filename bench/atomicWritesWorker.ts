import 'reflect-metadata';
import { AtomicSide, measureAtomicSide } from './atomicWrites';
import type { ExampleFramework } from '../example/config';

/** `node atomicWritesWorker.js <express|koa> <atomic|sequential>`: prints one side's median ms per round of writes. */
const [framework, side] = process.argv.slice(2);
measureAtomicSide(framework as ExampleFramework, side as AtomicSide).then(
  (ms) => console.log(String(ms)),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
