// `npm start` (prestart installed the dependencies): build what is stale, then run the compiled
// server in this very process. npm starts this script with `exec`, so npm's child is this Node
// process and the SIGTERM or SIGINT npm passes on reaches the server's shutdown (design note 023).
// `node scripts/start.mjs migrate-cli` (or admin-cli) runs another compiled entry the same way.
import { build } from './build.mjs';

const entry = process.argv[2] ?? 'main';
if (!/^[a-z-]+$/.test(entry)) {
  console.error(`Unknown entry point: ${entry}`);
  process.exit(2);
}
try {
  await build({ parts: entry === 'main' ? ['web', 'server'] : ['server'], ifStale: true });
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
// Stack traces name the TypeScript sources (dist/server has source maps).
process.setSourceMapsEnabled(true);
// The entry reads its own arguments (admin-cli's command) after the entry's name.
process.argv.splice(2, 1);
await import(`../dist/server/${entry}.js`);
