// Which encoding an Accept-Encoding header asks for (the app's own tests send what browsers send).
import { describe, expect, it } from 'vitest';
import { acceptedEncoding } from './compression';

describe('acceptedEncoding', () => {
  it('takes brotli when a browser offers it, gzip when only gzip is offered', () => {
    expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(acceptedEncoding('gzip, deflate')).toBe('gzip');
    expect(acceptedEncoding('*')).toBe('br');
  });

  it('follows the weights, and refuses what is weighted nought', () => {
    expect(acceptedEncoding('br;q=0.5, gzip;q=1')).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip')).toBe('gzip');
    expect(acceptedEncoding('*;q=0, gzip;q=0.2')).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(acceptedEncoding('identity')).toBeNull();
    expect(acceptedEncoding('deflate, zstd')).toBeNull();
    expect(acceptedEncoding(undefined)).toBeNull();
    expect(acceptedEncoding('')).toBeNull();
  });
});
