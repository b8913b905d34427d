import { UserIcon } from '../../../shared/ui';

/** The user's picture, or the default figure. */
export function Avatar({ src, size = 64 }: { src: string | null | undefined; size?: number }) {
  return (
    <div className="ds-avatar" style={{ width: size, height: size }} aria-hidden="true">
      {src ? <img src={src} alt="" /> : <UserIcon />}
    </div>
  );
}
