import { DEMO_USERS, PROVIDER_USERS } from './index.js';

describe('demo users', () => {
  it('have unique ids and e-mails', () => {
    expect(new Set(DEMO_USERS.map((u) => u.id)).size).toBe(DEMO_USERS.length);
    expect(new Set(DEMO_USERS.map((u) => u.email)).size).toBe(DEMO_USERS.length);
  });
  it('include at least 15 independent providers', () => {
    expect(PROVIDER_USERS.length).toBeGreaterThanOrEqual(15);
    expect(PROVIDER_USERS.every((u) => u.role === 'provider')).toBe(true);
  });
});
