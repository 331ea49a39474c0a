// Draws the driver app's icons (public/chauffeur-192.png and -512.png): a truck on the brand's blue, as plain
// rectangles and wheels, encoded as PNG with zlib alone. Run once when the icon changes; the PNGs are committed.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const BLUE = [11, 61, 110];
const WHITE = [255, 255, 255];
const AMBER = [250, 173, 20];

function draw(size) {
  const px = Buffer.alloc(size * size * 3);
  const put = (x, y, c) => {
    const i = (y * size + x) * 3;
    px[i] = c[0];
    px[i + 1] = c[1];
    px[i + 2] = c[2];
  };
  const u = size / 24;
  const rect = (x0, y0, x1, y1, c) => {
    for (let y = Math.round(y0 * u); y < Math.round(y1 * u); y++)
      for (let x = Math.round(x0 * u); x < Math.round(x1 * u); x++) put(x, y, c);
  };
  const disc = (cx, cy, r, c) => {
    for (let y = 0; y < size; y++)
      for (let x = 0; x < size; x++) if ((x - cx * u) ** 2 + (y - cy * u) ** 2 <= (r * u) ** 2) put(x, y, c);
  };
  rect(0, 0, 24, 24, BLUE);
  rect(3.5, 7, 14.5, 15, WHITE); // the box
  rect(15, 10, 19, 15, WHITE); // the cab
  rect(16, 10.8, 18.3, 12.6, BLUE); // its window
  rect(3.5, 15, 20.5, 16.2, WHITE); // the chassis
  disc(7.5, 17, 2, WHITE);
  disc(7.5, 17, 0.9, BLUE);
  disc(16.5, 17, 2, WHITE);
  disc(16.5, 17, 0.9, BLUE);
  rect(5, 9, 13, 10.2, AMBER); // the load line
  return px;
}

function png(size) {
  const raw = draw(size);
  const rows = Buffer.alloc(size * (size * 3 + 1));
  for (let y = 0; y < size; y++) raw.copy(rows, y * (size * 3 + 1) + 1, y * size * 3, (y + 1) * size * 3);
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const pub = path.resolve(import.meta.dirname, '../public');
for (const size of [192, 512]) fs.writeFileSync(path.join(pub, `chauffeur-${size}.png`), png(size));
