import { IMAGE_MAX_PIXELS, IMAGE_MAX_SIDE } from '@dramastar/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../http/errors.js';
import { bombPng, dataUrl, photoJpeg, plainPng } from '../test/pictures.js';
import { readPicture, reencodePicture } from './image.js';

const MB = 1024 * 1024;

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('the bomb of the tests', () => {
  it('is a real PNG that decodes to width × height bytes', async () => {
    const small = bombPng(300, 250);
    expect((await sharp(small).metadata()).channels).toBe(1);
    const { data, info } = await sharp(small).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([300, 250]);
    expect(data.length).toBe(300 * 250 * info.channels);
    expect(data.every((b) => b === 0)).toBe(true);
    const big = bombPng(30_000, 30_000);
    expect(big.length).toBeLessThan(MB);
    const meta = await sharp(big, { limitInputPixels: false }).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 30_000, 30_000]);
  });
});

describe('readPicture', () => {
  it('refuses a 30,000 × 30,000 PNG by its header, naming the picture and its size, without decoding it', async () => {
    const before = process.memoryUsage().rss;
    const error = await refusal(readPicture(dataUrl('png', bombPng(30_000, 30_000)), 2 * MB));
    expect(error).toMatchObject({ key: 'ImageDimensionsTooLarge', status: 400 });
    expect(error.options).toMatchObject({
      field: 'image',
      params: { width: 30_000, height: 30_000, maxSide: IMAGE_MAX_SIDE },
    });
    // Nothing near the 900 MB the pixels would take was allocated.
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * MB);
  });

  it(`takes up to ${IMAGE_MAX_SIDE} pixels a side and ${IMAGE_MAX_PIXELS / 1e6} megapixels, not one more`, async () => {
    for (const [w, h] of [
      [IMAGE_MAX_SIDE, IMAGE_MAX_PIXELS / IMAGE_MAX_SIDE],
      [1, IMAGE_MAX_SIDE],
    ] as const)
      expect(await readPicture(dataUrl('png', bombPng(w, h)), 2 * MB)).toMatchObject({ width: w, height: h });
    for (const [w, h] of [
      [IMAGE_MAX_SIDE + 1, 1],
      [1, IMAGE_MAX_SIDE + 1],
      [6400, 6400],
    ] as const)
      expect((await refusal(readPicture(dataUrl('png', bombPng(w, h)), 2 * MB))).key).toBe(
        'ImageDimensionsTooLarge',
      );
  });

  it('refuses a file that is no picture though it starts like one, or whose header names another type', async () => {
    const fake = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(64),
    ]);
    expect((await refusal(readPicture(dataUrl('png', fake), 2 * MB))).key).toBe('ImageInvalid');
    const webpInside = await sharp(await plainPng(10, 10))
      .webp()
      .toBuffer();
    expect((await refusal(readPicture(dataUrl('png', webpInside), 2 * MB))).key).toBe('ImageInvalid');
  });
});

describe('reencodePicture', () => {
  it('cuts a square from the middle at the size asked, as WebP without any metadata', async () => {
    const photo = await photoJpeg(1200, 800);
    expect((await sharp(photo).metadata()).exif?.toString('latin1')).toContain('TestCam');
    const picture = await readPicture(dataUrl('jpeg', photo), 2 * MB);
    const out = await reencodePicture(picture, { fit: 'cover', width: 256, height: 256 });
    const meta = await sharp(out).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);
    expect([meta.exif, meta.xmp, meta.iptc, meta.orientation]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('fits within a box without enlarging, turned upright by its orientation', async () => {
    const tall = await readPicture(dataUrl('jpeg', await photoJpeg(3000, 2000, 6)), 2 * MB);
    const fitted = await sharp(
      await reencodePicture(tall, { fit: 'inside', width: 1280, height: 1280 }),
    ).metadata();
    // Stored 3000 × 2000, shown a quarter turned: 2000 × 3000, fitted into 1280.
    expect([fitted.width, fitted.height, fitted.exif]).toEqual([853, 1280, undefined]);
    const small = await readPicture(dataUrl('png', await plainPng(300, 200)), 2 * MB);
    const kept = await sharp(
      await reencodePicture(small, { fit: 'inside', width: 1280, height: 1280 }),
    ).metadata();
    expect([kept.format, kept.width, kept.height]).toEqual(['webp', 300, 200]);
  });
});
