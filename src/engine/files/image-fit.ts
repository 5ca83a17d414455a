// Fitting an image within a model API's limits. One such API refuses an image over 5 MB
// of base64 and, in requests with several images, one wider or taller than 2000 px, so a
// shape that promises the model a usable image has it scaled down first: the same format
// where that fits, JPEG at falling quality where it does not. An image already within the
// bounds is returned byte for byte.
import type sharp from 'sharp';
import { lazyModule } from '../lazy-module.js';
import { engineFailure, throwIfAborted } from '../errors.js';

// Loaded with the first image. A long-running server: no cache of decoded inputs between calls.
const sharpModule = lazyModule<typeof import('sharp')>('sharp', (s) => s.cache(false));
const image = (data: Uint8Array) => sharpModule()(data);

export interface FitBounds {
  maxWidth: number;
  maxHeight: number;
  /** Most bytes of the encoded result. */
  maxBytes: number;
  signal?: AbortSignal;
}

export interface FittedImage {
  data: Buffer;
  mediaType: string;
  width: number;
  height: number;
  originalWidth: number;
  originalHeight: number;
  /** The bytes differ from the file's (scaled, re-encoded or both). */
  changed: boolean;
}

/** Output formats tried in turn until the result fits maxBytes. */
type Attempt = { format: 'png' | 'jpeg' | 'webp'; quality?: number; scale: number };

function attemptsFor(mediaType: string): Attempt[] {
  const same: Attempt =
    mediaType === 'image/jpeg'
      ? { format: 'jpeg', quality: 85, scale: 1 }
      : mediaType === 'image/webp'
        ? { format: 'webp', quality: 85, scale: 1 }
        : { format: 'png', scale: 1 };
  return [
    same,
    { format: 'jpeg', quality: 80, scale: 1 },
    { format: 'jpeg', quality: 60, scale: 1 },
    { format: 'jpeg', quality: 60, scale: 0.5 },
    { format: 'jpeg', quality: 50, scale: 0.25 },
  ];
}

export async function fitImage(data: Buffer, mediaType: string, bounds: FitBounds): Promise<FittedImage> {
  let meta: sharp.Metadata;
  try {
    meta = await image(data).metadata();
  } catch (err) {
    throw engineFailure('bad_image', `the image cannot be decoded: ${(err as Error).message}`, { mediaType });
  }
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  const original = { originalWidth: width, originalHeight: height };
  if (width <= bounds.maxWidth && height <= bounds.maxHeight && data.length <= bounds.maxBytes) {
    return { data, mediaType, width, height, ...original, changed: false };
  }
  const fit = Math.min(1, bounds.maxWidth / width, bounds.maxHeight / height);
  for (const a of attemptsFor(mediaType)) {
    throwIfAborted(bounds.signal, 'image resize');
    const w = Math.max(1, Math.floor(width * fit * a.scale));
    const h = Math.max(1, Math.floor(height * fit * a.scale));
    // First frame of an animation; no enlargement; EXIF orientation left as stored, as the file is.
    let img = image(data).resize(w, h, { fit: 'inside', withoutEnlargement: true });
    img =
      a.format === 'png'
        ? img.png({ compressionLevel: 9 })
        : a.format === 'webp'
          ? img.webp({ quality: a.quality })
          : img.flatten({ background: '#ffffff' }).jpeg({ quality: a.quality });
    const { data: out, info } = await img.toBuffer({ resolveWithObject: true });
    if (out.length <= bounds.maxBytes) {
      return {
        data: out,
        mediaType: `image/${a.format}`,
        width: info.width,
        height: info.height,
        ...original,
        changed: true,
      };
    }
  }
  throw engineFailure(
    'image_too_large',
    `the image does not fit in ${bounds.maxBytes} bytes even scaled down to a quarter`,
    {
      mediaType,
      width,
      height,
      bytes: data.length,
      maxBytes: bounds.maxBytes,
    },
  );
}
