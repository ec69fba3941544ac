// npm start: build the client when dist/ is missing or stale, compile the gateway to plain JavaScript
// (scripts/gateway-build.mjs: well under a second, and over 100 MB less resident than running it through
// tsx), then run it; it serves dist/ and /api on PORT (8080) with its data in DATA_DIR (./data) or
// DATABASE_URL.
import { spawn } from 'node:child_process';
import { buildClientIfStale } from './client-build.mjs';
import { buildGateway, gatewayEnv } from './gateway-build.mjs';
import { sayWhenAnotherNode } from './runtime.mjs';

sayWhenAnotherNode('npm start');
buildClientIfStale();
const server = await buildGateway();
const gateway = spawn(process.execPath, [server], { stdio: 'inherit', env: gatewayEnv() });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => gateway.kill(signal));
gateway.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
