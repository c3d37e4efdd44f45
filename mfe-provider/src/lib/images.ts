import { UPLOADS } from '@khidma/contracts';

/** A decoded picture, ready to be drawn at another size. */
export interface DecodedImage {
  width: number;
  height: number;
  source: CanvasImageSource;
  close?: () => void;
}

/**
 * The browser parts of shrinking, behind one seam so tests can check what is asked of them
 * (jsdom has no image decoding and no canvas).
 */
export interface ImageCodec {
  decode(file: Blob): Promise<DecodedImage>;
  /** Draws `image` at `width` x `height` and returns a JPEG data URL at `quality` (0–1). */
  encodeJpeg(image: DecodedImage, width: number, height: number, quality: number): Promise<string>;
}

export const browserCodec: ImageCodec = {
  async decode(file) {
    const bitmap = await createImageBitmap(file);
    return { width: bitmap.width, height: bitmap.height, source: bitmap, close: () => bitmap.close() };
  },
  async encodeJpeg(image, width, height, quality) {
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    // JPEG has no transparency: a white ground instead of black behind transparent PNG areas.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, width, height);
    context.drawImage(image.source, 0, 0, width, height);
    return canvas.toDataURL('image/jpeg', quality);
  },
};

/** The largest size within `maxSide` on both sides that keeps the aspect ratio; never enlarges. */
export function fitWithin(width: number, height: number, maxSide: number): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Bytes the data URL's content takes once decoded (what the server stores and limits). */
export function dataUrlBytes(dataUrl: string): number {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

export interface ShrunkImage {
  dataUrl: string;
  bytes: number;
  width: number;
  height: number;
}

export type ShrinkResult = { ok: true; image: ShrunkImage } | { ok: false; reason: 'invalid_image' | 'image_too_large'; bytes?: number };

/**
 * Spec §5/§9: an uploaded picture is shrunk to at most 400 px per side and re-encoded as JPEG at
 * quality 0.3; if it is still over ~1000 KB it is refused ('too large … Please use a smaller image').
 */
export async function shrinkImage(file: Blob, codec: ImageCodec = browserCodec): Promise<ShrinkResult> {
  if (file.type && !file.type.startsWith('image/')) return { ok: false, reason: 'invalid_image' };
  let decoded: DecodedImage;
  try {
    decoded = await codec.decode(file);
  } catch {
    return { ok: false, reason: 'invalid_image' };
  }
  try {
    const size = fitWithin(decoded.width, decoded.height, UPLOADS.maxImageSidePx);
    const dataUrl = await codec.encodeJpeg(decoded, size.width, size.height, UPLOADS.jpegQuality);
    const bytes = dataUrlBytes(dataUrl);
    if (bytes > UPLOADS.maxImageBytes) return { ok: false, reason: 'image_too_large', bytes };
    return { ok: true, image: { dataUrl, bytes, ...size } };
  } catch {
    return { ok: false, reason: 'invalid_image' };
  } finally {
    decoded.close?.();
  }
}
