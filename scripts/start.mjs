// npm start: build the client when dist/ is missing or stale, compile the gateway to plain JavaScript
// (scripts/gateway-build.mjs: well under a second, and over 100 MB less resident than running it through
// tsx), then become the gateway; it serves dist/ and /api on PORT (8080) with its data in DATA_DIR (./data) or
// DATABASE_URL.
//
// This process does not stay beside the gateway: once the client and the gateway are built it replaces itself
// with the gateway (execve: the same process id, a fresh Node with the gateway's start-time tunings,
// gatewayEnv). A launcher kept resident to pass signals on, with esbuild's service process, held some 200 MB
// beside a running gateway; now npm's own process and the gateway are all that run (package.json's `exec`
// leaves no shell between them), and npm, which passes Ctrl-C on, returns once the gateway has closed its
// database and exited.
import { spawn, spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildClientIfStale } from './client-build.mjs';
import { gatewayEnv } from './gateway-build.mjs';
import { sayWhenAnotherNode } from './runtime.mjs';

sayWhenAnotherNode('npm start');
// The client is built only where the gateway will serve it from: a STATIC_DIR of another build is that build's.
if (resolve(process.env.STATIC_DIR || 'dist') === resolve('dist')) buildClientIfStale();
const server = compileGateway();
const env = gatewayEnv();

/**
 * Compiles the gateway in a Node process of its own (scripts/gateway-build.mjs) and answers the server's entry:
 * esbuild's service process, which a build starts and keeps for the next, ends with that process, so none is
 * left behind as a child of the gateway this process turns into.
 */
function compileGateway() {
  const built = spawnSync(process.execPath, [fileURLToPath(new URL('./gateway-build.mjs', import.meta.url))], {
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error('compiling the gateway failed');
  return built.stdout.trim().split('\n').at(-1);
}

if (typeof process.execve === 'function') {
  // Does not return: from here on this process is the gateway.
  process.execve(process.execPath, [process.execPath, server], env);
}

// A Node without execve (before 22.15, or not on a POSIX system): the gateway runs as a child, and this
// process passes Ctrl-C and SIGTERM on to it and exits as it does.
const gateway = spawn(process.execPath, [server], { stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => gateway.kill(signal));
gateway.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
