// A small real PNG for a seeded image document: a card in a colour taken from the document's name, so two
// seeded images differ and each is a valid picture the preview shows.
import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';

const WIDTH = 320;
const HEIGHT = 200;

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

export function pngImage(name: string): Buffer {
  const [r, g, b] = createHash('sha256').update(name).digest();
  const header = Buffer.alloc(13);
  header.writeUInt32BE(WIDTH, 0);
  header.writeUInt32BE(HEIGHT, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const rows: Buffer[] = [];
  for (let y = 0; y < HEIGHT; y++) {
    const row = Buffer.alloc(1 + WIDTH * 3);
    for (let x = 0; x < WIDTH; x++) {
      // A light border around a card of the name's colour.
      const edge = x < 12 || y < 12 || x >= WIDTH - 12 || y >= HEIGHT - 12;
      row[1 + x * 3] = edge ? 240 : 128 + (r! >> 1);
      row[2 + x * 3] = edge ? 240 : 128 + (g! >> 1);
      row[3 + x * 3] = edge ? 240 : 128 + (b! >> 1);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
