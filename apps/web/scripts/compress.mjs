// After `vite build`: writes a brotli (.br) and a gzip (.gz) copy next to every text file of dist/, at the
// highest levels (done once per build, so the server sends them with no CPU cost: @fastify/static's
// `preCompressed`). Files under 1 KB are left alone: compression would not pay for its header.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../dist');
const TEXT = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;

function walk(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '.vite' ? [] : walk(full);
    return TEXT.test(entry.name) ? [full] : [];
  });
}

let raw = 0;
let br = 0;
let count = 0;
for (const file of walk(dist)) {
  const content = fs.readFileSync(file);
  if (content.length < 1024) continue;
  const brotli = zlib.brotliCompressSync(content, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
  fs.writeFileSync(`${file}.br`, brotli);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
  raw += content.length;
  br += brotli.length;
  count++;
}
console.log(
  `Compression : ${count} fichiers, ${(raw / 1024).toFixed(0)} KB → ${(br / 1024).toFixed(0)} KB en brotli (et une copie gzip)`,
);
