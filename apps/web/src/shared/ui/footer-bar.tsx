import type { ReactNode } from 'react';

/** A bar fixed to the bottom of the (centred) app column; a spacer keeps content from hiding under it. */
export function FooterBar({ children }: { children: ReactNode }) {
  return (
    <>
      <div className="ds-footer-bar__spacer" aria-hidden="true" />
      <div className="ds-footer-bar">{children}</div>
    </>
  );
}
