/** Sign in, then come back to `from` (spec §2: /login?redirect=/provider-signup and the like). */
export const loginPath = (from: string) => `/login?redirect=${encodeURIComponent(from)}`;
