import { UPLOADS } from '@khidma/contracts';
import { cityOf, emptyApplication, requestTooLarge, toApplicationRequest, validateApplication, type ApplicationImages } from './application';
import { jpegOf } from '../testing/images';

const image = (bytes = 1000) => ({ dataUrl: jpegOf(bytes), bytes, width: 400, height: 300 });
const complete = emptyApplication({
  businessName: 'Sparkle Co',
  ownerName: 'Sara Haddad',
  email: 'sara@example.com',
  phone: '+20 100 000 0000',
  businessAddress: '12 Nile St, Cairo',
  serviceCategory: 'cleaning',
  description: 'Homes and offices',
  agreedToTerms: true,
});
const allImages: ApplicationImages = { idFront: image(), idBack: null, certification: image() };

describe('validateApplication (spec §5, in its order)', () => {
  it('asks for the terms first', () => {
    expect(validateApplication(emptyApplication(), { idFront: null, idBack: null, certification: null })).toEqual({ kind: 'terms' });
  });

  it('then lists every missing required field', () => {
    const values = { ...complete, businessName: ' ', phone: '', description: '' };
    expect(validateApplication(values, allImages)).toEqual({ kind: 'missing', fields: ['businessName', 'phone', 'description'] });
  });

  it('a declared licence needs its number', () => {
    expect(validateApplication({ ...complete, hasLicense: true }, allImages)).toEqual({ kind: 'missing', fields: ['licenseNumber'] });
  });

  it('then one ID card picture, front or back', () => {
    expect(validateApplication(complete, { ...allImages, idFront: null })).toEqual({ kind: 'idCard' });
    expect(validateApplication(complete, { ...allImages, idFront: null, idBack: image() })).toBeNull();
  });

  it('then the certification', () => {
    expect(validateApplication(complete, { ...allImages, certification: null })).toEqual({ kind: 'certification' });
  });

  it('passes a complete application', () => {
    expect(validateApplication(complete, allImages)).toBeNull();
  });
});

it('the city is taken from the address unless typed', () => {
  expect(cityOf({ city: '', businessAddress: '12 Nile St, Cairo' })).toBe('Cairo');
  expect(cityOf({ city: '', businessAddress: 'شارع النيل، القاهرة' })).toBe('القاهرة');
  expect(cityOf({ city: 'Giza', businessAddress: '12 Nile St, Cairo' })).toBe('Giza');
});

it('builds the request of spec §3 with declared markers, the documents and the language', () => {
  const request = toApplicationRequest({ ...complete, hasInsurance: true, insuranceInfo: 'AXA 123' }, { ...allImages, idBack: image(2000) }, 'ar');
  expect(request).toEqual({
    businessName: 'Sparkle Co',
    ownerName: 'Sara Haddad',
    email: 'sara@example.com',
    phone: '+20 100 000 0000',
    businessAddress: '12 Nile St, Cairo',
    city: 'Cairo',
    businessType: 'cleaning',
    experience: '1-2',
    licenseNumber: null,
    insuranceInfo: 'AXA 123',
    hasLicense: false,
    hasInsurance: true,
    agreedToTerms: true,
    businessDocs: [
      { type: 'id_card', side: 'front', dataUrl: jpegOf(1000) },
      { type: 'id_card', side: 'back', dataUrl: jpegOf(2000) },
      { type: 'certification', dataUrl: jpegOf(1000) },
      { type: 'description', text: 'Homes and offices' },
    ],
    language: 'ar',
  });
});

it(`flags a request over ${UPLOADS.maxTotalBytes} bytes as too large`, () => {
  const big = image(UPLOADS.maxTotalBytes / 2);
  expect(requestTooLarge(toApplicationRequest(complete, allImages, 'en'))).toBe(false);
  expect(requestTooLarge(toApplicationRequest(complete, { idFront: big, idBack: big, certification: image() }, 'en'))).toBe(true);
});
