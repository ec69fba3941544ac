// `npm start` as the README's quick start runs it, in a process group of its own as a terminal runs a command,
// for what only the real command shows: the processes it leaves running (the test of npm start) and the memory
// they hold together (the benchmark).
import { type ChildProcess, spawn } from 'node:child_process';
import { LISTENING_PREFIX } from '../../gateway/src/config';

export interface NpmStarted {
  /** npm's own process, the root of everything the command runs. */
  npm: ChildProcess;
  url: string;
  /** The Node version the gateway runs on, as it prints it when it listens. */
  node: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Ctrl-C as a terminal sends it (SIGINT to every process of the group); resolves with how npm ended. */
  ctrlC(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Resolves once the gateway listens (PORT 0: on the port it prints), or rejects when npm ends before. */
export async function npmStart(env: Record<string, string>, startMs = 240_000): Promise<NpmStarted> {
  const npm = spawn('npm', ['start'], {
    detached: true,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    npm.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const ctrlC = () => {
    if (npm.exitCode === null && npm.signalCode === null) process.kill(-npm.pid!, 'SIGINT');
    return exited;
  };
  let timer: NodeJS.Timeout | undefined;
  try {
    const listening = await new Promise<{ port: number; node: string }>((resolve, reject) => {
      // Read to the end, so that the gateway never waits on a full pipe; kept only until the port is known.
      let seen: string | null = '';
      npm.stdout!.on('data', (chunk: Buffer) => {
        if (seen === null) return;
        seen += chunk.toString();
        const line = seen.split('\n').find((l) => l.startsWith(LISTENING_PREFIX));
        if (!line) return;
        seen = null;
        resolve(JSON.parse(line.slice(LISTENING_PREFIX.length)) as { port: number; node: string });
      });
      npm.once('exit', (code) => reject(new Error(`npm start exited with ${code} before it served`)));
      timer = setTimeout(() => reject(new Error(`npm start did not serve within ${startMs / 1000} s`)), startMs);
    });
    return { npm, url: `http://127.0.0.1:${listening.port}`, node: listening.node, exited, ctrlC };
  } catch (error) {
    await ctrlC();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
