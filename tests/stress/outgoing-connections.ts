// The load beside the port stress run (gateway-ports.stress.ts): a process that keeps many outgoing TCP
// connections open to a server of its own on 127.0.0.1 and keeps replacing them, so that local ports of the
// kernel's ephemeral range are taken and freed all the time, as a busy machine's outgoing connections do.
// Loopback only, at most MAX_OPEN connections at once, and it ends by itself after MAX_SECONDS.
import { createServer, connect, type Socket } from 'node:net';

const MAX_OPEN = Number(process.env.STRESS_CONNECTIONS ?? 2000);
const MAX_SECONDS = Number(process.env.STRESS_SECONDS ?? 3600);

const accepted = new Set<Socket>();
const server = createServer((socket) => {
  accepted.add(socket);
  socket.on('error', () => undefined);
  socket.on('close', () => accepted.delete(socket));
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address() as { port: number };

let opened = 0;
let failed = 0;
const open = new Set<Socket>();
function openOne() {
  const socket = connect({ port, host: '127.0.0.1' });
  open.add(socket);
  socket.once('connect', () => {
    opened += 1;
  });
  socket.once('error', () => {
    failed += 1;
  });
  socket.once('close', () => open.delete(socket));
}

// Every 50 ms: close a tenth of the open connections (their ports go to TIME_WAIT) and open up to the bound.
const churn = setInterval(() => {
  let toClose = Math.floor(open.size / 10);
  for (const socket of open) {
    if (toClose-- <= 0) break;
    socket.destroy();
  }
  for (let i = open.size; i < MAX_OPEN; i++) openOne();
}, 50);

const report = () => process.stdout.write(`${JSON.stringify({ opened, failed, open: open.size })}\n`);
const stop = () => {
  clearInterval(churn);
  report();
  for (const socket of open) socket.destroy();
  for (const socket of accepted) socket.destroy();
  server.close();
  process.exit(0);
};
setTimeout(stop, MAX_SECONDS * 1000).unref();
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
setInterval(report, 10_000);
