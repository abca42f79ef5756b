// `npm run dev`: the API server restarting on change (PORT+1) and Vite with hot reload (PORT),
// which proxies /api to the server. Open http://localhost:PORT.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';

if (existsSync('.env')) process.loadEnvFile('.env');
const port = Number(process.env.PORT ?? 3000);
const apiPort = port + 1;

const children: ChildProcess[] = [
  spawn('tsx', ['watch', '--clear-screen=false', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: String(apiPort) },
  }),
  spawn('vite', ['--host', process.env.HOST ?? '127.0.0.1', '--port', String(port), '--strictPort'], {
    stdio: 'inherit',
    env: { ...process.env, VITE_PORT: String(port), API_PORT: String(apiPort) },
  }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
