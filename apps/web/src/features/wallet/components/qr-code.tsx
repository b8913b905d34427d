import { create } from 'qrcode';
import { useMemo } from 'react';

/**
 * A QR code drawn as one SVG path (black modules on white, with the quiet zone), so it scans in
 * the dark theme too and needs no canvas.
 */
export function QrCode({ value, label, size = 216 }: { value: string; label: string; size?: number }) {
  const { path, count } = useMemo(() => {
    const { modules } = create(value, { errorCorrectionLevel: 'M' });
    const n = modules.size;
    let d = '';
    for (let row = 0; row < n; row++) {
      for (let col = 0; col < n; col++) {
        if (modules.get(row, col)) d += `M${col + 2} ${row + 2}h1v1h-1z`;
      }
    }
    return { path: d, count: n + 4 };
  }, [value]);
  return (
    <svg
      className="ds-qr"
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${count} ${count}`}
      shapeRendering="crispEdges"
      data-testid="qr-code"
    >
      <rect width={count} height={count} fill="var(--ds-white)" />
      <path d={path} fill="var(--ds-black)" />
    </svg>
  );
}
