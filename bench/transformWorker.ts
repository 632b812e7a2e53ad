import 'reflect-metadata';
import { timeSide, TransformSide } from './transform';

/** `node transformWorker.js <toolkit|hand-written> <runs>`: prints the median time of one side in ms. */
const [side, runs] = process.argv.slice(2);
timeSide(side as TransformSide, Number(runs)).then(
  (ms) => console.log(String(ms)),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
