// Runs the bench server in its own process, so that load generators do not share its event
// loop: prints `{"address": …}` once listening, stops on SIGTERM. Settings come as JSON in argv.
import { startBenchServer } from './server';

const env = JSON.parse(process.argv[2] ?? '{}') as Record<string, string>;
const server = await startBenchServer(env);
console.log(JSON.stringify({ address: server.address }));
process.on('SIGTERM', () => {
  void server.stop().then(() => process.exit(0));
});
