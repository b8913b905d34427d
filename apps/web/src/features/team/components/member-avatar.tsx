import { UserIcon } from '../../../shared/ui';

/** A member's picture, or the default figure. */
export function MemberAvatar({ src, size = 44 }: { src: string | null | undefined; size?: number }) {
  return (
    <span className="ds-member-avatar" style={{ width: size, height: size }} aria-hidden="true">
      {src ? <img src={src} alt="" loading="lazy" /> : <UserIcon />}
    </span>
  );
}
