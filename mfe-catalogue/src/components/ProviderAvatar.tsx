import { Avatar } from 'antd';
import { initials } from '../lib/localize';

/** The provider's photo, or their initials when there is none or it fails to load; the name is written beside it. */
export function ProviderAvatar({ name, src, size = 40 }: { name: string; src: string | null; size?: number }) {
  return (
    <Avatar size={size} src={src || undefined} alt="" aria-hidden="true" className="kc-avatar">
      {initials(name)}
    </Avatar>
  );
}
