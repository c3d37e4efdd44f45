import type { ProviderApplicationRequest } from '@khidma/contracts';

/** A real 1x1 PNG. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
/** The start of a JFIF JPEG (what the browser's canvas produces), padded to `size` bytes. */
export const jpeg = (size = 2048) => {
  const head = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length - 2), 0x11), Buffer.from([0xff, 0xd9])]);
};
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

export const dataUrl = (bytes: Buffer, type = 'image/jpeg') => `data:${type};base64,${bytes.toString('base64')}`;

/** A complete, valid application; `overrides` replace top-level fields. */
export function application(overrides: Partial<ProviderApplicationRequest> & Record<string, unknown> = {}): ProviderApplicationRequest {
  return {
    businessName: 'Sparkle Cleaning',
    ownerName: 'Nour Khalil',
    email: 'Nour@Example.com',
    phone: '+962 79 555 0101',
    businessAddress: '12 Rainbow St, Amman',
    city: 'Amman',
    businessType: 'cleaning',
    experience: '3-5',
    licenseNumber: 'declared',
    insuranceInfo: 'declared',
    hasLicense: true,
    hasInsurance: true,
    agreedToTerms: true,
    businessDocs: [
      { type: 'id_card', side: 'front', dataUrl: dataUrl(jpeg()) },
      { type: 'id_card', side: 'back', dataUrl: dataUrl(PNG, 'image/png') },
      { type: 'certification', dataUrl: dataUrl(jpeg(4096)) },
      { type: 'description', text: 'Home and office cleaning, eco-friendly products.' },
    ],
    ...overrides,
  };
}
