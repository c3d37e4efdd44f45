import { PasswordHasher } from './password-hasher.js';

describe('PasswordHasher', () => {
  const hasher = new PasswordHasher();

  it('hashes with argon2id and the OWASP parameters, salted', async () => {
    const first = await hasher.hash('correct horse battery staple');
    const second = await hasher.hash('correct horse battery staple');
    expect(first).toMatch(/^\$argon2id\$v=19\$/);
    expect(first).toContain('m=19456');
    expect(first).toContain('t=2');
    expect(first).toContain('p=1');
    expect(first).not.toBe(second);
    expect(hasher.needsRehash(first)).toBe(false);
  });

  it('verifies the right password only', async () => {
    const hash = await hasher.hash('Client#2025');
    expect(await hasher.verify(hash, 'Client#2025')).toBe(true);
    expect(await hasher.verify(hash, 'client#2025')).toBe(false);
    expect(await hasher.verify(hash, '')).toBe(false);
  });

  it('answers false, not an exception, for a stored value that is no argon2 hash', async () => {
    expect(await hasher.verify('not-a-hash', 'anything')).toBe(false);
    expect(hasher.needsRehash('not-a-hash')).toBe(true);
  });

  it('asks for a rehash of a hash made with weaker parameters', async () => {
    const argon2 = (await import('argon2')).default;
    const weak = await argon2.hash('pw', {
      type: argon2.argon2id,
      memoryCost: 4096,
      timeCost: 1,
      parallelism: 1,
    });
    expect(await hasher.verify(weak, 'pw')).toBe(true);
    expect(hasher.needsRehash(weak)).toBe(true);
  });
});
