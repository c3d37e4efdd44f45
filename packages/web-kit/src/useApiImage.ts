import { useEffect, useState } from 'react';
import { apiBlob } from './api.js';

/**
 * An image behind the bearer (an `<img src>` cannot send the token) as an object URL: null while it
 * loads or when it failed. The URL is revoked when the image leaves the page.
 */
export function useApiImage(path: string): string | null {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    apiBlob(path, { signal: controller.signal }).then(
      (blob) => {
        if (controller.signal.aborted) return;
        objectUrl = URL.createObjectURL(blob);
        setSrc(objectUrl);
      },
      () => undefined,
    );
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [path]);
  return src;
}
