import { createHash } from 'node:crypto';
import type { GooglePopupMessage } from '@khidma/contracts';

/**
 * The page the Google popup ends on: it posts the result to the window that opened it — only to our
 * own origin — and closes. Its script is allowed by hash, nothing else runs.
 */
export function googlePopupPage(message: GooglePopupMessage, targetOrigin: string) {
  // JSON inside <script>: escape `<` so no value can close the element.
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
  const script = `(function(){var m=${json(message)};if(window.opener){window.opener.postMessage(m,${json(targetOrigin)});}window.close();})();`;
  const hash = createHash('sha256').update(script).digest('base64');
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>Khidma</title></head><body><script>${script}</script></body></html>`;
  return {
    html,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': `default-src 'none'; script-src 'sha256-${hash}'; frame-ancestors 'none'`,
      // The popup comes back from Google's origin: a COOP other than unsafe-none would cut it off
      // from window.opener, and the message could not be delivered.
      'Cross-Origin-Opener-Policy': 'unsafe-none',
    },
  };
}
