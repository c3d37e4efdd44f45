import { APPLICATION_ERROR_CODES } from '@khidma/contracts';
import { ApiError } from '@khidma/web-kit';
import ar from '../locales/ar/provider.json';
import en from '../locales/en/provider.json';
import { errorMessage } from './errors';

const apiError = (status: number, body: object) => new ApiError(status, 'x', { statusCode: status, message: 'x', ...body } as never);

describe('errorMessage: one translation of server errors', () => {
  it.each(APPLICATION_ERROR_CODES)('%s has its own words in English and Arabic', (code) => {
    const message = errorMessage(apiError(400, { code, message: 'Server words' }), 'signup.failedFallback');
    expect(message.key).toBe(`errors.codes.${code}`);
    expect(en.errors.codes).toHaveProperty(code);
    expect(ar.errors.codes).toHaveProperty(code);
  });

  it("passes the server's values on (the most ID pictures allowed)", () => {
    expect(errorMessage(apiError(400, { code: 'too_many_id_files', params: { max: 2 } }), 'x')).toEqual({
      key: 'errors.codes.too_many_id_files',
      values: { max: 2 },
    });
  });

  it("an unknown code shows the server's words; a lost connection says so", () => {
    expect(errorMessage(apiError(400, { code: 'odd', message: 'Server words' }), 'x')).toEqual({
      key: 'errors.withMessage',
      values: { message: 'Server words' },
    });
    expect(errorMessage(new TypeError('Failed to fetch'), 'x').key).toBe('errors.network');
  });
});
