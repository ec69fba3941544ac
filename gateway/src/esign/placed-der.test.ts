// A signature's CMS read back from its zero-padded placeholder by its own DER length: a CMS whose last byte is
// zero (an RSA signature ends in one about once in 256) keeps that byte.
import { describe, expect, it } from 'vitest';
import { placedDer } from './pdf-signatures';

describe('the CMS inside its placeholder', () => {
  it('is as long as its DER header says, a last zero byte kept and the padding dropped', () => {
    const short = Buffer.from([0x30, 0x03, 0x04, 0x01, 0x00, 0x00, 0x00, 0x00]);
    expect(Buffer.from(placedDer(short), 'latin1')).toEqual(Buffer.from([0x30, 0x03, 0x04, 0x01, 0x00]));
    const content = Buffer.alloc(300, 7);
    content[299] = 0;
    const long = Buffer.concat([Buffer.from([0x30, 0x82, 0x01, 0x2c]), content, Buffer.alloc(64)]);
    const read = Buffer.from(placedDer(long), 'latin1');
    expect(read).toHaveLength(304);
    expect(read.at(-1)).toBe(0);
  });
});
