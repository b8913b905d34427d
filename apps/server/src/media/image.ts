import { AppError } from '../http/errors.js';

export type ImageKind = 'png' | 'jpg' | 'webp';

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
 * (`ImageInvalid`, or `ImageTooLarge`).
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
