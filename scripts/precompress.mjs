// Writes `.br` and `.gz` beside every text file of a build directory, so the server sends them
// precompressed (@fastify/static `preCompressed`). Usage: node scripts/precompress.mjs <dir>…
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// Every text file, however small: one without its `.br` would be compressed for each answer
// (@fastify/compress compresses a file stream whatever its size), a brotli stream set up per
// request for a few hundred bytes.
const TEXT = /\.(?:html|js|mjs|css|json|svg|webmanifest|txt)$/;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (TEXT.test(entry.name)) yield path;
  }
}

for (const dir of process.argv.slice(2)) {
  let plain = 0;
  let brotli = 0;
  for (const path of files(dir)) {
    const bytes = readFileSync(path);
    const br = brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
    writeFileSync(`${path}.br`, br);
    writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
    plain += bytes.length;
    brotli += br.length;
  }
  process.stdout.write(
    `precompressed ${dir}: ${Math.round(plain / 1024)} KiB of text, ${Math.round(brotli / 1024)} KiB as brotli\n`,
  );
}
