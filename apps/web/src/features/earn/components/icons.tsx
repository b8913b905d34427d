import type { SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement>;

function Icon({ children, ...props }: IconProps) {
  return (
    <svg
      width="1em"
      height="1em"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

/** A red envelope with its seal. */
export function RedPacketIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="5" y="3" width="14" height="18" rx="2" />
      <path d="M5 8.5c2 1.7 4.3 2.5 7 2.5s5-.8 7-2.5" />
      <circle cx="12" cy="11.5" r="2" />
    </Icon>
  );
}

/** The daily check-in. */
export function CalendarCheckIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="3.5" y="5" width="17" height="15.5" rx="2" />
      <path d="M3.5 10h17M8 3v4M16 3v4M9 15l2 2 4-4" />
    </Icon>
  );
}

/** Tasks (a checklist). */
export function ChecklistIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 6.5l1.5 1.5 3-3M4 13.5l1.5 1.5 3-3M11.5 7h8.5M11.5 14h8.5M4 20h16" />
    </Icon>
  );
}
