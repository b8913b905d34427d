import { deflateRawSync, constants as zlib } from 'node:zlib';
import sharp from 'sharp';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A real "decompression bomb": a valid PNG of `width` × `height` black grey-scale pixels, small
 * on the wire and `width × height` bytes once decoded (30,000 × 30,000: about 0.9 MB sent, 900 MB
 * decoded). Built by hand so the test never holds the decoded image: the deflate stream is one
 * compressed run of rows, made from a fresh state and ended on a full flush (so it refers to
 * nothing before it), repeated, then an empty final block; the zlib checksum of all-zero data is
 * computed directly.
 */
export function bombPng(width: number, height: number): Buffer {
  const row = width + 1; // the filter byte, then one byte a pixel
  const rowsPerRun = Math.min(height, 100);
  const runs: Buffer[] = [];
  const full = deflateRawSync(Buffer.alloc(rowsPerRun * row), { level: 9, finishFlush: zlib.Z_FULL_FLUSH });
  for (let i = 0; i < Math.floor(height / rowsPerRun); i++) runs.push(full);
  const rest = height % rowsPerRun;
  if (rest > 0)
    runs.push(deflateRawSync(Buffer.alloc(rest * row), { level: 9, finishFlush: zlib.Z_FULL_FLUSH }));
  runs.push(deflateRawSync(Buffer.alloc(0)));
  // Adler-32 of n zero bytes: a stays 1, b = n mod 65521.
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE(((((row * height) % 65521) << 16) | 1) >>> 0, 0);
  const idat = Buffer.concat([Buffer.from([0x78, 0x9c]), ...runs, adler]);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit grey, deflate, adaptive filters, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A camera-like JPEG: `width` × `height` as stored, EXIF with a camera make and a GPS position,
 * and an orientation tag (6: shown turned a quarter clockwise) when asked.
 */
export function photoJpeg(width: number, height: number, orientation?: number): Promise<Buffer> {
  let image = sharp({ create: { width, height, channels: 3, background: '#2f8f6f' } }).jpeg({ quality: 80 });
  if (orientation !== undefined) image = image.withMetadata({ orientation });
  return image
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Pocket 1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '14/1 35/1 0/1', GPSLongitudeRef: 'E' },
    })
    .toBuffer();
}

/** A PNG of one colour. */
export function plainPng(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: '#cc3355ff' } })
    .png()
    .toBuffer();
}

export const dataUrl = (type: 'png' | 'jpeg' | 'webp', bytes: Buffer) =>
  `data:image/${type};base64,${bytes.toString('base64')}`;
