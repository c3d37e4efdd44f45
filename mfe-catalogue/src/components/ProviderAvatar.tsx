import { useState } from 'react';
import { initials } from '../lib/localize';

/** The provider's photo, or their initials when there is none or it fails to load; the name is written beside it. */
export function ProviderAvatar({ name, src, size = 40 }: { name: string; src: string | null; size?: number }) {
  // The photo that failed, so a new photo (another provider in the same slot) is tried again.
  const [failed, setFailed] = useState<string | null>(null);
  const photo = src && src !== failed ? src : null;
  return (
    <span className="kc-avatar" aria-hidden="true" style={{ inlineSize: size, blockSize: size }}>
      {photo ? <img src={photo} alt="" width={size} height={size} loading="lazy" decoding="async" onError={() => setFailed(photo)} /> : initials(name)}
    </span>
  );
}
