// The processes a command left running, read from /proc (Linux): the one started and every descendant, each
// with its resident memory. What one command costs the machine is the sum over its tree, not the figure of
// the process that serves: a launcher or a compiler left beside it counts as much.
import { readdirSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';

function readProcess(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The name is in parentheses and may hold spaces; the fields after it are: state, ppid, …
    const close = stat.lastIndexOf(')');
    const [state, ppid] = stat.slice(close + 2).split(' ');
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
    const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    // The command's own name (`node`, `npm start` as npm titles itself, `esbuild`), not the kernel's name of the
    // main thread, which Node sets to MainThread.
    const name = argv[0] ? basename(argv[0]) : stat.slice(stat.indexOf('(') + 1, close);
    return { pid, ppid: Number(ppid), name, state, argv, rssMb: kb / 1024 };
  } catch {
    // Gone between the listing and the read.
    return null;
  }
}

/** `root` and every process below it, root first, parents before their children. */
export function processTree(root) {
  const all = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map((entry) => readProcess(Number(entry)))
    .filter((found) => found !== null);
  const tree = [];
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.shift();
    const found = all.find((p) => p.pid === pid);
    if (!found) continue;
    tree.push(found);
    for (const child of all) if (child.ppid === pid) queue.push(child.pid);
  }
  return tree;
}

/** The resident memory of `root`'s whole tree, in MB, and what each process in it holds. */
export function treeRss(root) {
  const tree = processTree(root);
  const total = tree.reduce((sum, p) => sum + p.rssMb, 0);
  const parts = tree.map((p) => `${p.name} ${p.rssMb.toFixed(0)}`).join(' + ');
  return {
    total,
    count: tree.length,
    text: `${total.toFixed(0)} MB in ${tree.length} process${tree.length === 1 ? '' : 'es'} (${parts})`,
  };
}
