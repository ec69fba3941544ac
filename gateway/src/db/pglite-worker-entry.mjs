// The worker thread's entry (pglite-client.ts starts it): the worker itself is TypeScript, and Node 20 loads
// a worker's entry module before the loaders its parent's --import gave it, so it registers tsx itself.
import { register } from 'tsx/esm/api';

register();
await import('./pglite-worker.ts');
