import { AUTH_PATHS, POPUP, type GooglePopupMessage, type SessionResponse } from '@khidma/contracts';
import { refreshSession } from '@khidma/web-kit';

/** Why the Google sign-in did not complete; each has a message in `auth.errors` (spec §8). */
export type GoogleFailure = 'popupClosed' | 'popupBlocked' | 'cancelled' | 'network' | 'failed' | 'googleNotConfigured' | 'accountDisabled';

export class GoogleSignInError extends Error {
  constructor(readonly reason: GoogleFailure) {
    super(`Google sign-in: ${reason}`);
    this.name = 'GoogleSignInError';
  }
}

/** How often the opener checks whether the user closed the popup. */
const CLOSED_POLL_MS = 500;

const FAILURES: Record<string, GoogleFailure> = {
  cancelled: 'cancelled',
  google_not_configured: 'googleNotConfigured',
  account_disabled: 'accountDisabled',
};

/** A popup of spec §9's size, centred on the current window. */
function popupFeatures(): string {
  const left = Math.round(window.screenX + Math.max(0, (window.outerWidth - POPUP.width) / 2));
  const top = Math.round(window.screenY + Math.max(0, (window.outerHeight - POPUP.height) / 2));
  return `popup=yes,width=${POPUP.width},height=${POPUP.height},left=${left},top=${top}`;
}

/**
 * Signs in with Google in a popup. The gateway's callback page posts a GooglePopupMessage to this
 * window and closes; on success the refresh cookie it set is exchanged for the session.
 * Must be called from a click handler, or the browser blocks the popup.
 */
export function signInWithGoogle(): Promise<SessionResponse> {
  const popup = window.open(AUTH_PATHS.googleStart, 'khidma-google-sign-in', popupFeatures());
  if (!popup || popup.closed) return Promise.reject(new GoogleSignInError('popupBlocked'));

  return new Promise<SessionResponse>((resolve, reject) => {
    const stop = () => {
      window.removeEventListener('message', onMessage);
      clearInterval(closedPoll);
    };
    const onMessage = (event: MessageEvent) => {
      // Only our own callback page, in the popup we opened, may end the sign-in.
      if (event.origin !== window.location.origin || event.source !== popup) return;
      const data = event.data as Partial<GooglePopupMessage> | null;
      if (data?.type !== 'khidma:google-sign-in') return;
      stop();
      if (!data.ok) {
        reject(new GoogleSignInError(FAILURES[data.error ?? ''] ?? 'failed'));
        return;
      }
      refreshSession().then(
        (session) => (session ? resolve(session) : reject(new GoogleSignInError('failed'))),
        (error: unknown) => reject(new GoogleSignInError(error instanceof TypeError ? 'network' : 'failed')),
      );
    };
    const closedPoll = setInterval(() => {
      if (!popup.closed) return;
      stop();
      reject(new GoogleSignInError('popupClosed'));
    }, CLOSED_POLL_MS);
    window.addEventListener('message', onMessage);
  });
}
