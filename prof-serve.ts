import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { seedGameDay } from './bench/lighthouse-seed';
import { BENCH_SECRET } from './bench/sessions';
const dir = mkdtempSync(join(os.tmpdir(), 'prof-'));
const file = join(dir, 'p.db');
const { boardId } = await seedGameDay(file, BENCH_SECRET);
console.log('BOARD', boardId);
const port = 4600;
spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  env: {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SMTP_URL: 'smtp://127.0.0.1:9',
    AUTH_SECRET: BENCH_SECRET,
    DATABASE_URL: file,
    LOG_LEVEL: 'warn',
  },
  stdio: 'inherit',
});
