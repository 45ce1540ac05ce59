import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AppError } from './errors.ts';

// libvips keeps up to 50 MB of recent operations by default, outside V8's heap; every image the
// server makes is made once and kept by the caller (stored files, RecentWork of narrow copies), so
// that cache only held memory (issue 19: RSS under load).
sharp.cache(false);

/** Image kinds accepted for upload, told by their magic bytes (never by name); SVG never. */
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'] as const;

export interface ProcessedImage {
  data: Buffer;
  contentType: 'image/webp';
  extension: 'webp';
  width: number;
  height: number;
}

/** The file's real kind from its first bytes, or undefined. */
export async function detectMime(data: Buffer): Promise<string | undefined> {
  return (await fileTypeFromBuffer(data))?.mime;
}

/**
 * Checks the kind by magic bytes, then re-encodes with sharp: orientation applied, metadata (EXIF,
 * GPS) dropped, the longest side capped, WebP out. A file that is not a supported image: 415.
 */
export async function processImage(
  data: Buffer,
  options: { maxSide?: number; notImageMessage?: string } = {},
): Promise<ProcessedImage> {
  const notImage = options.notImageMessage ?? 'Please choose an image (JPEG, PNG, WebP, AVIF or GIF).';
  const mime = await detectMime(data);
  if (!mime || !(IMAGE_MIME_TYPES as readonly string[]).includes(mime)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, notImage);
  }
  const maxSide = options.maxSide ?? 2000;
  try {
    const { data: out, info } = await sharp(data, { limitInputPixels: 60_000_000, failOn: 'error' })
      .rotate()
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { data: out, contentType: 'image/webp', extension: 'webp', width: info.width, height: info.height };
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, notImage);
  }
}

/**
 * A narrower copy of an already processed image, for `srcset`: at most `width` pixels wide (never
 * enlarged), same aspect, WebP. The input is our own output (processImage or a drawn poster).
 */
export async function resizeImage(data: Buffer, width: number): Promise<Buffer> {
  return sharp(data, { limitInputPixels: 60_000_000 })
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: 78 })
    .toBuffer();
}
