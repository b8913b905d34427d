/** A CSS-only spinner (no animation library, so it behaves under fake timers too). */
export function Spinner({ size = 28 }: { size?: number }) {
  return <span className="ds-spinner" style={{ width: size, height: size }} aria-hidden="true" />;
}
