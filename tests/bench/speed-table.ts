// The speed table the project tracks: each figure with its value after the last round of speed work, the
// value of this run and the goal, marked ✓ or ✗ (the goal text comes from the row the run recorded). The
// runs print it last, in that form, so that a note can take it as it is. A figure the run did not measure
// (a part skipped, PostgreSQL not answering) says so instead of leaving a gap.

export type Row = [name: string, value: string, goal: string];

interface Figure {
  /** The figure as the table names it. */
  figure: string;
  /** Its value after the last round of speed work. */
  before: string;
  /** The start of the name the benchmark records it under. */
  recorded: string;
}

export const SPEED_TABLE: readonly Figure[] = [
  {
    figure: 'shell + first list screen, from /login on (bytes on the wire)',
    before: '1219.4 KB (scripts uncompressed)',
    recorded: 'shell + first list screen, from /login on',
  },
  {
    figure: 'components rendered by one tag switch',
    before: '110 in 4 commits',
    recorded: 'components rendered by one tag switch',
  },
  {
    figure: 'requests sent by switching back to cached tags',
    before: '10 in 20 switches',
    recorded: 'requests sent by switching back to cached tags',
  },
  {
    figure: 'switch back to a cached tag, median of 10',
    before: '20.2 ms',
    recorded: 'switch back to a cached tag',
  },
  {
    figure: 'sign-in → first screen (Enter to the last call of the first screen, median of 5)',
    before: '267 ms',
    recorded: 'sign-in → first screen',
  },
  {
    figure: 'to-do count calls per sign-in (cancelled; sent before the first screen showed)',
    before: '2 (1 cancelled)',
    recorded: 'to-do count calls per sign-in',
  },
  {
    figure: 'everything /login is sent until the network is quiet (bytes on the wire)',
    before: '688.4 KB',
    recorded: 'everything /login is sent',
  },
  {
    figure: 'Lighthouse mobile, /login',
    before: 'performance 66, LCP 5.5 s (scripts sent uncompressed)',
    recorded: 'Lighthouse mobile, /login',
  },
  { figure: 'PGlite user page 1, 100k users', before: '372 req/s', recorded: 'PGlite user page, first page' },
  { figure: 'PGlite name search p99', before: '470 ms', recorded: 'PGlite user page, name search' },
  { figure: 'gateway RSS idle on PGlite (100k users)', before: '408 MB', recorded: 'gateway RSS idle on PGlite' },
  {
    figure: 'PostgreSQL user page 1 p99 (c = 50)',
    before: '150 ms',
    recorded: 'PostgreSQL user page, first page',
  },
  {
    figure: 'PostgreSQL page 1 at 10k → 1M users',
    before: '1.59×',
    recorded: 'PostgreSQL user page 1, 10k → 1M users',
  },
];

/** The speed table as Markdown, from the rows a run recorded. */
export function speedTable(rows: readonly Row[]): string {
  const lines = ['| figure | after the last speed work | now | goal |', '|---|---|---|---|'];
  for (const { figure, before, recorded } of SPEED_TABLE) {
    const row = rows.find(([name]) => name.startsWith(recorded));
    lines.push(`| ${figure} | ${before} | ${row ? row[1] : 'not measured in this run'} | ${row?.[2] ?? ''} |`);
  }
  return lines.join('\n');
}
