/** A person's picture, or their initials on a disc coloured by the name. */
export function PersonAvatar({ src, name, size = 40 }: { src: string | null; name: string; size?: number }) {
  // Initials: the first letters of the first and the last word ("User 6W67" → "U6").
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = (word: string | undefined) => (word ? (Array.from(word)[0] ?? '') : '');
  const initial =
    (words.length > 1 ? first(words[0]) + first(words[words.length - 1]) : first(words[0])).toUpperCase() ||
    '?';
  // A colour of its own for each name, so a list of default avatars is told apart at a glance.
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) % 360;
  return (
    <span
      className="ds-person-avatar"
      style={{
        width: size,
        height: size,
        fontSize: Math.round(size * 0.42),
        // tokens.css turns the hue into the disc's gradient.
        ['--ds-avatar-hue' as string]: hash,
      }}
      aria-hidden="true"
    >
      {src ? <img src={src} alt="" /> : initial}
    </span>
  );
}
