// npm run dev: the gateway (restarted on change by tsx watch) and Vite's dev server, which proxies /api to it.
import { spawn } from 'node:child_process';
import { sayWhenAnotherNode } from './runtime.mjs';

sayWhenAnotherNode('npm run dev');
const port = process.env.GATEWAY_PORT ?? '8080';
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'gateway/src/server.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: port, STATIC_DIR: '' },
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], {
    stdio: 'inherit',
    env: { ...process.env, GATEWAY_URL: `http://127.0.0.1:${port}` },
  }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, stop);
for (const c of children)
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
