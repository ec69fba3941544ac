// No `import 'reflect-metadata'` here: inversify brings the light edition it reads ('reflect-metadata/lite'),
// and nothing in this client relies on emitted metadata (every constructor parameter names its port with
// @inject), so the full edition would only add its weight to the login page.
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App, compose } from './app';

// The app's start is cut into pieces, each its own task, so that no one holds the page for long (a key typed
// into the form login.html draws is answered between them): the container, the session and the router are
// built one per task, and the first render is a transition, which React works through in slices of a few
// milliseconds, yielding to the browser between them.
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

async function start() {
  const root = createRoot(document.getElementById('root')!);
  await nextTask();
  const composition = await compose(nextTask);
  await nextTask();
  startTransition(() => root.render(<App composition={composition} />));
}

void start();
