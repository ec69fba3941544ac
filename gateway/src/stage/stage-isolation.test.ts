// No stage module imports another's (BUSINESS.md "Every stage on one kit"): a stage hands another its data through
// the kit's named sources and extension points, and what several stages share lives in the kit. A stage that read
// another's store, or added to another's table type, would tie the two together behind the kit's back.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GATEWAY, MODULES, sources, stageModules } from '../testing/stage-modules';

const MODULE_PATH = /(?:from|import\(|declare module)\s*'(?:\.\.\/)+(?:modules\/)?([\w-]+)\//;

/** The other stage module a line of `module`'s source reaches into, if any. */
function otherStageOf(module: string, line: string): string | null {
  const target = MODULE_PATH.exec(line)?.[1];
  return target && target !== module && stageModules.includes(target) ? target : null;
}

function stageImports(module: string): string[] {
  return sources(join(MODULES, module)).flatMap((f) =>
    readFileSync(f, 'utf8')
      .split('\n')
      .flatMap((line, i) => {
        const other = otherStageOf(module, line);
        return other ? [`${relative(GATEWAY, f)}:${i + 1}: ${other}`] : [];
      }),
  );
}

describe('the stages stand apart', () => {
  it.each(stageModules)('the %s module reaches into no other stage module', (m) => {
    expect(stageImports(m)).toEqual([]);
  });

  it('recognises a reach into another stage when it sees one', () => {
    expect(otherStageOf('signing', "import { contractsOf } from '../contract/store';")).toBe('contract');
    expect(otherStageOf('signing', "declare module '../contract/store' {")).toBe('contract');
    expect(otherStageOf('signing', "const x = await import('../../modules/lending/store');")).toBe('lending');
    expect(otherStageOf('signing', "import { signingsOf } from '../signing/store';")).toBeNull();
    expect(otherStageOf('signing', "import { recordOf } from '../business/aggregate';")).toBeNull();
    expect(otherStageOf('signing', "import { wireFields } from '../../stage/stage-wire';")).toBeNull();
  });
});
