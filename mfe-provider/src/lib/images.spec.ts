import { jest } from '@jest/globals';
import { UPLOADS } from '@khidma/contracts';
import { browserCodec, dataUrlBytes, fitWithin, shrinkImage, type DecodedImage, type ImageCodec } from './images';
import { fakeCodec, jpegOf } from '../testing/images';

const photo = (type = 'image/png') => new Blob(['x'], { type });

describe('fitWithin', () => {
  it('shrinks the longer side to the limit and keeps the aspect ratio', () => {
    expect(fitWithin(1600, 1200, 400)).toEqual({ width: 400, height: 300 });
    expect(fitWithin(1000, 3000, 400)).toEqual({ width: 133, height: 400 });
  });
  it('never enlarges a small picture', () => {
    expect(fitWithin(300, 200, 400)).toEqual({ width: 300, height: 200 });
  });
});

it('dataUrlBytes counts the decoded content, padding excluded', () => {
  expect(dataUrlBytes('data:image/jpeg;base64,QUJD')).toBe(3);
  expect(dataUrlBytes('data:image/jpeg;base64,QUI=')).toBe(2);
  expect(dataUrlBytes('data:image/jpeg;base64,QQ==')).toBe(1);
});

describe('shrinkImage', () => {
  it(`asks for a JPEG of at most ${UPLOADS.maxImageSidePx} px per side at quality ${UPLOADS.jpegQuality}`, async () => {
    const { codec, encodes } = fakeCodec(4000, 3000);
    const result = await shrinkImage(photo(), codec);
    expect(encodes).toEqual([{ width: 400, height: 300, quality: 0.3 }]);
    expect(result).toEqual({ ok: true, image: { dataUrl: jpegOf(20_000), bytes: 20_001, width: 400, height: 300 } });
  });

  it('refuses a picture still over the limit after shrinking', async () => {
    const { codec } = fakeCodec(400, 400, UPLOADS.maxImageBytes + 10);
    const result = await shrinkImage(photo(), codec);
    expect(result).toMatchObject({ ok: false, reason: 'image_too_large' });
  });

  it('refuses files that are not pictures or cannot be decoded', async () => {
    const { codec, encodes } = fakeCodec(10, 10);
    expect(await shrinkImage(photo('application/pdf'), codec)).toEqual({ ok: false, reason: 'invalid_image' });
    const broken: ImageCodec = { ...codec, decode: () => Promise.reject(new Error('bad data')) };
    expect(await shrinkImage(photo(), broken)).toEqual({ ok: false, reason: 'invalid_image' });
    expect(encodes).toEqual([]);
  });

  it('releases the decoded picture', async () => {
    const close = jest.fn();
    const codec: ImageCodec = {
      decode: async (): Promise<DecodedImage> => ({ width: 800, height: 800, source: {} as CanvasImageSource, close }),
      encodeJpeg: async () => jpegOf(100),
    };
    await shrinkImage(photo(), codec);
    expect(close).toHaveBeenCalledTimes(1);
  });
});

describe('browserCodec', () => {
  afterEach(() => jest.restoreAllMocks());

  it('draws on a canvas of the target size and encodes JPEG at the asked quality', async () => {
    const bitmap = { width: 1200, height: 900, close: jest.fn() };
    Object.assign(globalThis, { createImageBitmap: jest.fn(async () => bitmap) });
    const drawImage = jest.fn();
    const fillRect = jest.fn();
    const context = { drawImage, fillRect, fillStyle: '' };
    jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => context as unknown as CanvasRenderingContext2D);
    const toDataURL = jest.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockImplementation(function (this: HTMLCanvasElement) {
      return `data:image/jpeg;base64,${this.width}x${this.height}`;
    });

    const result = await shrinkImage(photo(), browserCodec);

    expect(toDataURL).toHaveBeenCalledWith('image/jpeg', 0.3);
    expect(drawImage).toHaveBeenCalledWith(bitmap, 0, 0, 400, 300);
    // A white ground: JPEG has no transparency.
    expect(fillRect).toHaveBeenCalledWith(0, 0, 400, 300);
    expect(result).toMatchObject({ ok: true, image: { dataUrl: 'data:image/jpeg;base64,400x300', width: 400, height: 300 } });
    expect(bitmap.close).toHaveBeenCalled();
  });
});
