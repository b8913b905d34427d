import { IMAGE_MAX_PIXELS, IMAGE_MAX_SIDE } from '@dramastar/contract';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../http/errors.js';

export type ImageKind = 'png' | 'jpg' | 'webp';

// Uploads are each decoded once: libvips' operation cache would only hold their memory.
sharp.cache(false);

/** Image types by their first bytes: the declared type must match what the file is. */
export function sniffImage(bytes: Buffer): ImageKind | null {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'webp';
  return null;
}

/**
 * An uploaded picture (avatar, cover, chat image) from its data URL: PNG, JPEG or WebP of at most
 * `maxBytes`, whose bytes are what the URL declares. Anything else is 400 naming `image`
 * (`ImageInvalid`, or `ImageTooLarge`). Nothing is decoded: see `readPicture`.
 */
export function decodeImageDataUrl(dataUrl: string, maxBytes: number): { bytes: Buffer; kind: ImageKind } {
  const match = /^data:image\/(png|jpeg|jpg|webp);base64,([A-Za-z0-9+/=\s]+)$/.exec(dataUrl);
  if (!match) throw new AppError('ImageInvalid', { status: 400, field: 'image' });
  const bytes = Buffer.from(match[2] ?? '', 'base64');
  if (bytes.length > maxBytes) throw new AppError('ImageTooLarge', { status: 400, field: 'image' });
  const kind = sniffImage(bytes);
  const declared = match[1] === 'jpeg' || match[1] === 'jpg' ? 'jpg' : match[1];
  if (!kind || kind !== declared) throw new AppError('ImageInvalid', { status: 400, field: 'image' });
  return { bytes, kind };
}

/** A picture whose type and dimensions were read from its header, not yet decoded. */
export interface CheckedPicture {
  bytes: Buffer;
  kind: ImageKind;
  width: number;
  height: number;
}

const FORMATS: Record<ImageKind, string> = { png: 'png', jpg: 'jpeg', webp: 'webp' };

/**
 * `decodeImageDataUrl`, then the picture's dimensions from its header (libvips reads the header
 * only): beyond IMAGE_MAX_SIDE on a side or IMAGE_MAX_PIXELS in all it is refused before a pixel
 * is decoded (400 `ImageDimensionsTooLarge` naming `image` and its size), so a small file that
 * unpacks to gigabytes (a "decompression bomb") costs nothing. A header that does not parse, or
 * names another format than the bytes' signature: 400 `ImageInvalid`.
 */
export async function readPicture(dataUrl: string, maxBytes: number): Promise<CheckedPicture> {
  const { bytes, kind } = decodeImageDataUrl(dataUrl, maxBytes);
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError('ImageInvalid', { status: 400, field: 'image' });
  }
  const { width, height } = meta;
  if (meta.format !== FORMATS[kind] || !width || !height)
    throw new AppError('ImageInvalid', { status: 400, field: 'image' });
  if (width > IMAGE_MAX_SIDE || height > IMAGE_MAX_SIDE || width * height > IMAGE_MAX_PIXELS) {
    throw new AppError('ImageDimensionsTooLarge', {
      status: 400,
      field: 'image',
      params: { width, height, maxSide: IMAGE_MAX_SIDE, megapixels: IMAGE_MAX_PIXELS / 1_000_000 },
    });
  }
  return { bytes, kind, width, height };
}

/** How a picture is stored: a square cut from its middle (avatars), or within a box (chat). */
export type PictureSize =
  { fit: 'cover'; width: number; height: number } | { fit: 'inside'; width: number; height: number };

/**
 * The picture re-encoded as WebP at the size it is shown: turned upright by its EXIF orientation,
 * every piece of metadata left behind (EXIF with its GPS position, XMP, comments), only the first
 * frame of an animation. `inside` never enlarges. Decoding keeps the header's pixel limit (a
 * header that lied is refused by libvips); a picture that does not decode: 400 `ImageInvalid`.
 */
export async function reencodePicture(picture: CheckedPicture, size: PictureSize): Promise<Buffer> {
  try {
    return await sharp(picture.bytes, { limitInputPixels: IMAGE_MAX_PIXELS, autoOrient: true })
      .resize({
        width: size.width,
        height: size.height,
        fit: size.fit,
        withoutEnlargement: size.fit === 'inside',
      })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new AppError('ImageInvalid', { status: 400, field: 'image' });
  }
}
