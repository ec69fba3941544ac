export interface TreeProcess {
  pid: number;
  ppid: number;
  /** The command's name (its argv[0] without the folder): `node`, `npm start`, `esbuild`, `sh`. */
  name: string;
  /** The kernel's state letter: R, S, … and Z for an exited child nobody has waited for. */
  state: string;
  argv: string[];
  rssMb: number;
}
/** `root` and every process below it (/proc), root first, parents before their children. */
export declare function processTree(root: number): TreeProcess[];
/** The resident memory of `root`'s whole tree in MB, how many processes, and a line naming each one's share. */
export declare function treeRss(root: number): { total: number; count: number; text: string };
