import { describe, expect, it } from 'vitest';
import { checkZipBounds } from './zip-bounds';

/** A stored (uncompressed-size-declaring) zip built by hand: entries of given declared sizes. */
function zipOf(entries: Array<{ name: string; compressed: number; size: number }>): Uint8Array {
  const parts: number[] = [];
  const central: number[] = [];
  const u16 = (a: number[], v: number) => a.push(v & 0xff, (v >> 8) & 0xff);
  const u32 = (a: number[], v: number) => a.push(v & 0xff, (v >> 8) & 0xff, (v >> 16) & 0xff, (v >>> 24) & 0xff);
  for (const e of entries) {
    const offset = parts.length;
    const name = [...new TextEncoder().encode(e.name)];
    u32(parts, 0x04034b50);
    u16(parts, 20);
    u16(parts, 0);
    u16(parts, 8);
    u32(parts, 0);
    u32(parts, 0);
    u32(parts, e.compressed);
    u32(parts, e.size);
    u16(parts, name.length);
    u16(parts, 0);
    parts.push(...name);
    for (let i = 0; i < e.compressed; i++) parts.push(0);
    u32(central, 0x02014b50);
    u16(central, 20);
    u16(central, 20);
    u16(central, 0);
    u16(central, 8);
    u32(central, 0);
    u32(central, 0);
    u32(central, e.compressed);
    u32(central, e.size);
    u16(central, name.length);
    u16(central, 0);
    u16(central, 0);
    u16(central, 0);
    u16(central, 0);
    u32(central, 0);
    u32(central, offset);
    central.push(...name);
  }
  const end: number[] = [];
  u32(end, 0x06054b50);
  u16(end, 0);
  u16(end, 0);
  u16(end, entries.length);
  u16(end, entries.length);
  u32(end, central.length);
  u32(end, parts.length);
  u16(end, 0);
  return new Uint8Array([...parts, ...central, ...end]);
}

describe('zip bounds, from the central directory alone', () => {
  const bounds = { maxUnpackedBytes: 10 * 1024 * 1024, maxEntries: 10, maxRatio: 100 };

  it('accepts a container within its bounds and sums the declared sizes', () => {
    expect(
      checkZipBounds(
        zipOf([
          { name: 'a.xml', compressed: 10, size: 300 },
          { name: 'b.xml', compressed: 5, size: 50 },
        ]),
        bounds,
      ),
    ).toEqual({ ok: true, entries: 2, unpackedBytes: 350 });
  });

  it("refuses what declares more than the bound in total, too many entries, or a bomb's ratio", () => {
    expect(
      checkZipBounds(
        zipOf([
          { name: 'a', compressed: 100_000, size: 6_000_000 },
          { name: 'b', compressed: 100_000, size: 6_000_000 },
        ]),
        bounds,
      ),
    ).toEqual({ ok: false, reason: 'tooLarge' });
    expect(
      checkZipBounds(zipOf(Array.from({ length: 11 }, (_, i) => ({ name: `e${i}`, compressed: 1, size: 1 }))), bounds),
    ).toEqual({ ok: false, reason: 'tooManyEntries' });
    expect(checkZipBounds(zipOf([{ name: 'sheet.xml', compressed: 1000, size: 2_000_000 }]), bounds)).toEqual({
      ok: false,
      reason: 'ratio',
    });
  });

  it('refuses what is not a zip, or a directory that does not add up', () => {
    expect(checkZipBounds(new TextEncoder().encode('not a zip at all, just text'), bounds)).toEqual({
      ok: false,
      reason: 'notZip',
    });
    const broken = zipOf([{ name: 'a', compressed: 1, size: 1 }]);
    broken[broken.length - 6] = 0xff; // directory offset beyond the end
    expect(checkZipBounds(broken, bounds)).toEqual({ ok: false, reason: 'notZip' });
    expect(checkZipBounds(new Uint8Array(0), bounds)).toEqual({ ok: false, reason: 'notZip' });
  });
});
