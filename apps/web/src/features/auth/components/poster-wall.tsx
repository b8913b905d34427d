import type { ReactNode } from 'react';

/** Abstract drama-poster motifs, drawn in a 60×90 box: moon, city, rose, crown, rings, waves. */
const MOTIFS: readonly ReactNode[] = [
  <>
    <circle cx="40" cy="24" r="11" fill="var(--ds-white)" opacity="0.85" />
    <circle cx="45" cy="20" r="10" fill="currentColor" />
    <path d="M0 70 L14 54 L24 62 L36 46 L48 58 L60 50 V90 H0 Z" fill="var(--ds-black)" opacity="0.35" />
  </>,
  <>
    <path
      d="M4 90 V56 h8 v-10 h6 v16 h6 V40 h10 v24 h6 V50 h8 v-8 h6 v48 Z"
      fill="var(--ds-black)"
      opacity="0.4"
    />
    <circle cx="18" cy="20" r="5" fill="var(--ds-white)" opacity="0.7" />
  </>,
  <>
    <path
      d="M30 26 c-8 -10 -22 0 -12 12 l12 12 l12 -12 c10 -12 -4 -22 -12 -12 Z"
      fill="var(--ds-white)"
      opacity="0.8"
    />
    <path d="M30 50 V80" stroke="var(--ds-white)" strokeWidth="2" opacity="0.5" />
  </>,
  <>
    <path d="M14 40 L20 22 L30 34 L40 22 L46 40 Z" fill="var(--ds-art-crown)" opacity="0.9" />
    <rect x="14" y="42" width="32" height="5" rx="1.5" fill="var(--ds-art-crown)" opacity="0.9" />
    <circle cx="30" cy="70" r="18" fill="var(--ds-black)" opacity="0.25" />
  </>,
  <>
    <circle cx="24" cy="34" r="12" fill="none" stroke="var(--ds-white)" strokeWidth="2.5" opacity="0.75" />
    <circle cx="36" cy="34" r="12" fill="none" stroke="var(--ds-white)" strokeWidth="2.5" opacity="0.75" />
    <path d="M0 78 Q15 68 30 78 T60 78 V90 H0 Z" fill="var(--ds-black)" opacity="0.3" />
  </>,
  <>
    <path d="M0 56 Q15 46 30 56 T60 56 V90 H0 Z" fill="var(--ds-white)" opacity="0.18" />
    <path d="M0 66 Q15 56 30 66 T60 66 V90 H0 Z" fill="var(--ds-white)" opacity="0.22" />
    <circle cx="42" cy="22" r="8" fill="var(--ds-white)" opacity="0.8" />
  </>,
];

/** Eight gradients (tokens.css `--ds-art-N` light to `--ds-art-N-deep`). */
const PALETTES = 8;

function Poster({ index, half }: { index: number; half: number }) {
  const id = `ds-poster-${half}-${index}`;
  const palette = (index % PALETTES) + 1;
  const [light, dark] = [`var(--ds-art-${palette})`, `var(--ds-art-${palette}-deep)`];
  return (
    <svg className="ds-poster" viewBox="0 0 60 90" preserveAspectRatio="xMidYMid slice" aria-hidden="true">
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="0.4" y2="1">
          <stop offset="0" stopColor={light} />
          <stop offset="1" stopColor={dark} />
        </linearGradient>
      </defs>
      <rect width="60" height="90" fill={`url(#${id})`} />
      <g color={dark}>{MOTIFS[(index * 5 + 1) % MOTIFS.length]}</g>
      <rect x="8" y="76" width="30" height="3.5" rx="1.75" fill="var(--ds-white)" opacity="0.75" />
      <rect x="8" y="82" width="20" height="2.5" rx="1.25" fill="var(--ds-white)" opacity="0.4" />
    </svg>
  );
}

const COLUMNS = 4;
const PER_COLUMN = 6;

/**
 * The login panel's backdrop: columns of drama-poster cards drifting slowly up and down (still
 * for people who ask for reduced motion). Drawn, not downloaded.
 */
export function PosterWall() {
  return (
    <div className="ds-poster-wall" aria-hidden="true">
      {Array.from({ length: COLUMNS }, (_, column) => (
        <div
          key={column}
          className={`ds-poster-wall__column ds-poster-wall__column--${column % 2 ? 'down' : 'up'}`}
        >
          {/* Two identical halves, so moving by half the height loops without a seam. */}
          {[0, 1].map((half) => (
            <div key={half} className="ds-poster-wall__half">
              {Array.from({ length: PER_COLUMN }, (_, row) => (
                <Poster key={row} index={column * PER_COLUMN + row} half={half} />
              ))}
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
