import 'reflect-metadata';
import { timeSide, TransformSide } from './transform';

/** `node transformWorker.js <toolkit|hand-written> <runs>`: prints one side's median wall and CPU time in ms, as JSON. */
const [side, runs] = process.argv.slice(2);
timeSide(side as TransformSide, Number(runs)).then(
  (cost) => console.log(JSON.stringify(cost)),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
