import type { ImageCodec } from '../lib/images';

/** A data URL whose content decodes to exactly `bytes` bytes. */
export const jpegOf = (bytes: number) => `data:image/jpeg;base64,${'A'.repeat(Math.ceil(bytes / 3) * 4)}`;

/** A codec that "decodes" every file to `width` x `height` and records what it was asked to encode. */
export function fakeCodec(width: number, height: number, encodedBytes = 20_000) {
  const encodes: { width: number; height: number; quality: number }[] = [];
  const codec: ImageCodec = {
    decode: async () => ({ width, height, source: {} as CanvasImageSource }),
    encodeJpeg: async (_image, w, h, quality) => {
      encodes.push({ width: w, height: h, quality });
      return jpegOf(encodedBytes);
    },
  };
  return { codec, encodes };
}

