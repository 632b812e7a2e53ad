import 'reflect-metadata';
import { inject } from 'light-my-request';
import readline from 'node:readline';
import type { ServerMode } from './throughput';
import { listenerOf } from './throughputServer';

const WARM_UP = 150;

/**
 * `node sequentialCpuWorker.js <mode> <location> <route> <requests>`: one bench server's listener,
 * driven in this process through light-my-request, one request after another (no socket, no load
 * generator beside it). After a warm-up it prints `ready`; then, for each line it reads, it sends
 * `requests` requests and prints the process CPU (all threads) they took, in ms per request.
 */
async function main(): Promise<void> {
  const [mode, location, route, requests] = process.argv.slice(2);
  const listener = listenerOf(mode as ServerMode, location);
  const send = async (count: number) => {
    for (let i = 0; i < count; i++) {
      const response = await inject(listener, { method: 'GET', url: route });
      if (response.statusCode !== 200) throw new Error(`sequential CPU bench: ${mode} answered ${response.statusCode}: ${response.body.slice(0, 200)}`);
    }
  };
  await send(WARM_UP);
  console.log('ready');
  for await (const line of readline.createInterface({ input: process.stdin })) {
    if (line === 'stop') break;
    const before = process.cpuUsage();
    await send(Number(requests));
    const { user, system } = process.cpuUsage(before);
    console.log(String((user + system) / 1000 / Number(requests)));
  }
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
