// An image's pixel size from its header alone (PNG IHDR, JPEG SOFn), so a conversion can refuse an image
// that would decode to gigabytes (a 972 KB PNG of 16000×16000) before anything is decoded.

export interface ImageSize {
  width: number;
  height: number;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The size a PNG or JPEG header declares; null when the bytes are neither or the header is not found. */
export function readImageSize(head: Uint8Array): ImageSize | null {
  if (PNG_SIGNATURE.every((b, i) => head[i] === b)) return pngSize(head);
  if (head[0] === 0xff && head[1] === 0xd8) return jpegSize(head);
  return null;
}

function pngSize(head: Uint8Array): ImageSize | null {
  // Signature (8), chunk length (4), 'IHDR' (4), width (4), height (4).
  if (head.length < 24 || String.fromCharCode(head[12]!, head[13]!, head[14]!, head[15]!) !== 'IHDR') return null;
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

// Start-of-frame markers C0–CF carry the size, except C4 (Huffman tables), C8 (reserved) and CC (arithmetic).
const NOT_SOF = new Set([0xc4, 0xc8, 0xcc]);

function jpegSize(head: Uint8Array): ImageSize | null {
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  let at = 2;
  while (at + 4 <= head.length) {
    if (head[at] !== 0xff) return null;
    const marker = head[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2; // markers without a length
      continue;
    }
    const length = view.getUint16(at + 2);
    if (marker >= 0xc0 && marker <= 0xcf && !NOT_SOF.has(marker)) {
      if (at + 9 > head.length) return null;
      return { width: view.getUint16(at + 7), height: view.getUint16(at + 5) };
    }
    if (marker === 0xda || marker === 0xd9 || length < 2) return null; // image data began with no frame header
    at += 2 + length;
  }
  return null;
}
