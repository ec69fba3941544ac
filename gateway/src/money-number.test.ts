// Money is bigint 分 from the column to the domain and leaves as the wire's integer 分 only through
// src/domain/decimal/wire-fen.ts (`fenToWire`, the kit's `wireFen`): never `Number()` on an amount, which would
// round past 2^53 分 silently and lets a float into a sum. Production code in gateway/src and src applies
// `Number(` to nothing whose text reads as money; tests, test support and seeds may.
import { describe, expect, it } from 'vitest';
import { linesWhere, productionFiles } from './testing/production-lines';

/** The one module where 分 meet the wire's number, with the range check that makes it exact. */
const WIRE_MODULE = 'src/domain/decimal/wire-fen.ts';

/** Words an amount's name is made of (分, 元, and the parts and limits of a financing). */
const MONEY = /amount|fen|yuan|principal|interest|penalty|fee|quota|reserved|unapplied|refunded|balance|money/i;

/** What each `Number(…)` on a line is applied to (to its closing parenthesis; the line's end if it has none). */
function numberArguments(code: string): string[] {
  const out: string[] = [];
  for (let at = code.indexOf('Number('); at !== -1; at = code.indexOf('Number(', at + 1)) {
    if (/[\w.]/.test(code[at - 1] ?? '')) continue; // isSafeInteger, parseNumber, Type.Number(…)
    let depth = 0;
    let end = at + 'Number('.length;
    for (; end < code.length; end++) {
      if (code[end] === '(') depth++;
      else if (code[end] === ')' && depth-- === 0) break;
    }
    out.push(code.slice(at + 'Number('.length, end));
  }
  return out;
}

/** A line of code (not a comment) that turns an amount into a float-capable number. */
function numbersMoney(line: string): boolean {
  const code = line.trim();
  if (code.startsWith('//') || code.startsWith('*') || code.startsWith('/*')) return false;
  return numberArguments(code).some((arg) => MONEY.test(arg));
}

describe('money is never Number()', () => {
  it('knows Number() on an amount when it sees one, and a count, a day or a comment when it does not', () => {
    expect(numbersMoney('      financeAmount: Number(l.financeAmount),')).toBe(true);
    expect(numbersMoney('    fee: Number(fenOf(r.fee)),')).toBe(true);
    expect(numbersMoney('  amount: Number(amountFen), valueDate,')).toBe(true);
    expect(numbersMoney('  const left = Number(quota.left < 0n ? 0n : quota.left);')).toBe(true);
    expect(numbersMoney('  return { rows, total: Number(count.total) };')).toBe(false);
    expect(numbersMoney('    version: Number(r.version), termDays: Number(r.term_days),')).toBe(false);
    expect(numbersMoney('  if (!Number.isSafeInteger(wire)) throw new RangeError(`金额：${wire}`);')).toBe(false);
    expect(numbersMoney("  x: Type.Number({ description: '金额' }),")).toBe(false);
    expect(numbersMoney('  amount: fenToWire(amountFen),')).toBe(false);
    expect(numbersMoney('// never Number(amount) here')).toBe(false);
  });

  it('finds no Number() on money in production code outside the wire module', () => {
    const files = productionFiles(new Set([WIRE_MODULE]));
    // The scan saw the code it guards (a wrong root would pass on nothing).
    expect(files.length).toBeGreaterThan(500);
    expect(files).toContain('gateway/src/modules/financing-application/store.ts');
    const found = linesWhere(files, numbersMoney);
    expect(found).toEqual([]);
  });
});
