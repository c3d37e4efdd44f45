import { BadRequestException } from '@nestjs/common';
import { UPLOADS } from '@khidma/contracts';
import { fileTypeFromBuffer } from 'file-type';

/** What an application image may really be, whatever its data URL or file name claims. */
export const ALLOWED_IMAGE_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/webp'];

const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+)?(;[\w-]+=[\w.-]+)*;base64,([A-Za-z0-9+/]*={0,2})$/;

export interface CheckedImage {
  contentType: string;
  data: Buffer;
}

const invalidImage = (label: string) =>
  new BadRequestException({
    code: 'invalid_image',
    message: `${label} is not a JPEG, PNG or WebP image`,
    params: { document: label },
  });

/**
 * Decodes a base64 data URL and accepts it only when the bytes are a JPEG, PNG or WebP image of at
 * most UPLOADS.maxImageBytes; the declared type is ignored and the sniffed one returned.
 */
export async function checkImage(dataUrl: unknown, label: string): Promise<CheckedImage> {
  const match = typeof dataUrl === 'string' ? DATA_URL.exec(dataUrl.replace(/\s+/g, '')) : null;
  if (!match) throw invalidImage(label);
  const data = Buffer.from(match[3]!, 'base64');
  if (data.length > UPLOADS.maxImageBytes) {
    const maxKb = Math.floor(UPLOADS.maxImageBytes / 1024);
    throw new BadRequestException({
      code: 'image_too_large',
      message: `${label} is too large (${Math.ceil(data.length / 1024)} KB, at most ${maxKb} KB). Please use a smaller image.`,
      params: { document: label, maxKb },
    });
  }
  const sniffed = data.length ? await fileTypeFromBuffer(data) : undefined;
  if (!sniffed || !ALLOWED_IMAGE_TYPES.includes(sniffed.mime)) throw invalidImage(label);
  return { contentType: sniffed.mime, data };
}
