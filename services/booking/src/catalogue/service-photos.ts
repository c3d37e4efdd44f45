import { createHash } from 'node:crypto';

/** Where a service photo is served (publicly: cards and the detail gallery show it). */
export const servicePhotoUrl = (serviceId: string, photoId: string) => `/api/services/${serviceId}/photos/${photoId}`;

/**
 * The id of a photo: a UUID (version 8, RFC 9562's custom layout) made from the service, the place in
 * its gallery and the bytes. Other bytes give another id, hence another URL, so a URL names one image
 * for ever and clients may cache it as immutable; the same bytes give the same id, so seeding twice
 * writes nothing.
 */
export function servicePhotoId(serviceId: string, position: number, data: Buffer): string {
  const hex = createHash('sha256').update(`${serviceId}\n${position}\n`).update(data).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
