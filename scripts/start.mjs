// npm start: build the client when dist/ is missing or stale, then run the gateway, which serves dist/ and
// /api on PORT (8080) with its data in DATA_DIR (./data) or DATABASE_URL.
import { spawn } from 'node:child_process';
import { buildClientIfStale } from './client-build.mjs';

buildClientIfStale();
const gateway = spawn(process.execPath, ['--import', 'tsx', 'gateway/src/server.ts'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => gateway.kill(signal));
gateway.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
