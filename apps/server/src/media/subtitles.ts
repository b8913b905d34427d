/**
 * Subtitle files: SRT or WebVTT in, clean WebVTT out. A file is read as UTF-8 (a byte-order mark
 * and CRLF/CR line ends accepted), SRT is converted to WebVTT, and every cue is checked: timings
 * parse, end after start, within the size and cue limits. Cue text keeps only `<i>`, `<b>` and
 * `<u>` (other tags, `{\an8}`-style SSA codes and anything script-like are dropped), and a file with
 * a STYLE or a script block is refused. A refusal names the line in words an operator understands.
 */

/** Largest accepted subtitle file (a feature film's track is well under 200 KB). */
export const SUBTITLE_MAX_BYTES = 512 * 1024;
/** Most cues in one track (a 2-hour film has about 1,500). */
export const SUBTITLE_MAX_CUES = 5000;
/** Longest cue text, in characters. */
const CUE_MAX_CHARS = 500;
/** Latest cue end accepted: 24 hours. */
const MAX_MS = 24 * 3600 * 1000;

export interface SubtitleCue {
  /** Milliseconds from the start. */
  start: number;
  end: number;
  /** Text with only <i>, <b>, <u> tags kept; lines joined by "\n". */
  text: string;
}

export interface ParsedSubtitles {
  format: 'srt' | 'vtt';
  cues: SubtitleCue[];
  /** The WebVTT file to store and serve. */
  vtt: string;
  /** Its size in bytes (UTF-8). */
  bytes: number;
}

/** A file refused; `message` names the line ("Line 14: the end time … is before the start"). */
export class SubtitleError extends Error {
  constructor(
    message: string,
    readonly line: number | null = null,
  ) {
    super(line === null ? message : `Line ${line}: ${message}`);
    this.name = 'SubtitleError';
  }
}

const TIME = /^(?:(\d{1,3}):)?([0-5]?\d):([0-5]\d)[,.](\d{1,3})$/;

/** Milliseconds of an SRT (`00:01:02,500`) or WebVTT (`01:02.500`, `00:01:02.500`) time, or null. */
export function parseTime(text: string): number | null {
  const m = TIME.exec(text.trim());
  if (!m) return null;
  const [, h = '0', min = '0', s = '0', frac = '0'] = m;
  const ms = Number(frac.padEnd(3, '0'));
  return ((Number(h) * 60 + Number(min)) * 60 + Number(s)) * 1000 + ms;
}

/** `HH:MM:SS.mmm`, as WebVTT writes it. */
export function formatTime(ms: number): string {
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  const h = Math.floor(ms / 3_600_000);
  const min = Math.floor(ms / 60_000) % 60;
  const s = Math.floor(ms / 1000) % 60;
  return `${pad(h)}:${pad(min)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

const ALLOWED_TAG = /^<\/?([ibu])>$/i;
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&nbsp;': '\u00a0' };

/** Cue text with every tag but <i>, <b>, <u> dropped, SSA codes removed, `<`/`&` escaped for VTT. */
export function cleanCueText(text: string): string {
  const out: string[] = [];
  const cleaned = text.replace(/\{\\[^}]*\}/g, '');
  for (const part of cleaned.split(/(<[^>]*>)/)) {
    if (part.startsWith('<') && part.endsWith('>')) {
      const m = ALLOWED_TAG.exec(part.replace(/\s+/g, ''));
      if (m) out.push(part.replace(/\s+/g, '').toLowerCase());
      continue;
    }
    // Entities already written stay; a bare & or < is escaped so the browser never reads a tag.
    out.push(
      part
        .replace(/&(?!(?:amp|lt|gt|nbsp);)/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;'),
    );
  }
  return out
    .join('')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '')
    .join('\n');
}

/** Text of a cue as a preview shows it: tags and entities gone. */
export function plainCueText(text: string): string {
  return text
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|nbsp);/g, (e) => ENTITIES[e] ?? e)
    .trim();
}

function decode(input: string | Uint8Array): string {
  let text: string;
  if (typeof input === 'string') text = input;
  else {
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(input);
    } catch {
      throw new SubtitleError('the file is not UTF-8 text; save it as UTF-8 and try again');
    }
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.includes('\u0000')) throw new SubtitleError('the file is not a text file');
  return text.replace(/\r\n?/g, '\n');
}

const ARROW = /^(\S+)\s+-->\s+(\S+)(.*)$/;

/**
 * Parses and checks an SRT or WebVTT file; throws SubtitleError naming the first problem.
 * The result's `vtt` is what is stored and served.
 */
export function parseSubtitles(input: string | Uint8Array): ParsedSubtitles {
  const size = typeof input === 'string' ? Buffer.byteLength(input, 'utf8') : input.byteLength;
  if (size > SUBTITLE_MAX_BYTES) {
    throw new SubtitleError(
      `the file is ${Math.ceil(size / 1024)} KB; a subtitle file may be at most ${SUBTITLE_MAX_BYTES / 1024} KB`,
    );
  }
  const lines = decode(input).split('\n');
  const at = (k: number) => lines[k] ?? '';
  const firstText = lines.findIndex((l) => l.trim() !== '');
  if (firstText === -1) throw new SubtitleError('the file is empty');
  const format: 'srt' | 'vtt' = /^WEBVTT(?:[ \t].*)?$/.test(at(firstText).trimEnd()) ? 'vtt' : 'srt';
  if (format === 'srt' && /^WEBVTT/i.test(at(firstText).trim())) {
    throw new SubtitleError('a WebVTT file starts with the line "WEBVTT"', firstText + 1);
  }

  const cues: SubtitleCue[] = [];
  let i = format === 'vtt' ? firstText + 1 : 0;
  if (format === 'vtt') {
    // Header lines up to the first blank line.
    while (i < lines.length && at(i).trim() !== '') i++;
  }
  while (i < lines.length) {
    // Skip blank lines between blocks.
    while (i < lines.length && at(i).trim() === '') i++;
    if (i >= lines.length) break;
    const blockStart = i;
    const block: string[] = [];
    while (i < lines.length && at(i).trim() !== '') block.push(at(i++));
    const head = (block[0] ?? '').trim();
    if (format === 'vtt') {
      if (/^NOTE(\s|$)/.test(head)) continue;
      if (/^STYLE(\s|$)/.test(head)) {
        throw new SubtitleError('style blocks are not accepted; remove the STYLE block', blockStart + 1);
      }
      if (/^REGION(\s|$)/.test(head)) continue;
    }
    if (/<\s*(script|style)\b/i.test(block.join('\n'))) {
      throw new SubtitleError('scripts and styles are not accepted in subtitles', blockStart + 1);
    }
    // An optional identifier (SRT: the cue number) before the timing line.
    let t = 0;
    if (!ARROW.test(head)) {
      if (format === 'srt' && !/^\d+$/.test(head)) {
        throw new SubtitleError(
          `expected a cue number or a timing line like "00:00:01,000 --> 00:00:02,500", found "${clip(head)}"`,
          blockStart + 1,
        );
      }
      t = 1;
    }
    const timingLine = block[t];
    const lineNo = blockStart + t + 1;
    if (timingLine === undefined) {
      throw new SubtitleError('the cue has no timing line after its number', blockStart + 1);
    }
    const m = ARROW.exec(timingLine.trim());
    if (!m) {
      throw new SubtitleError(
        `expected a timing line like "00:00:01,000 --> 00:00:02,500", found "${clip(timingLine.trim())}"`,
        lineNo,
      );
    }
    const [, startText = '', endText = ''] = m;
    const start = parseTime(startText);
    if (start === null) throw new SubtitleError(`the start time "${clip(startText)}" is not a time`, lineNo);
    const end = parseTime(endText);
    if (end === null) throw new SubtitleError(`the end time "${clip(endText)}" is not a time`, lineNo);
    if (end <= start) {
      throw new SubtitleError(
        end === start
          ? `the end time ${endText} is the same as the start`
          : `the end time ${endText} is before the start`,
        lineNo,
      );
    }
    if (end > MAX_MS) throw new SubtitleError(`the end time ${endText} is past 24 hours`, lineNo);
    const body = block.slice(t + 1);
    for (const [k, l] of body.entries()) {
      if (l.includes('-->')) {
        throw new SubtitleError('a timing line inside a cue; put a blank line before it', lineNo + 1 + k);
      }
    }
    const text = cleanCueText(body.join('\n'));
    if (text.length > CUE_MAX_CHARS) {
      throw new SubtitleError(`the cue's text is longer than ${CUE_MAX_CHARS} characters`, lineNo + 1);
    }
    if (text === '') continue;
    cues.push({ start, end, text });
    if (cues.length > SUBTITLE_MAX_CUES) {
      throw new SubtitleError(
        `the file has more than ${SUBTITLE_MAX_CUES} cues; split it or remove some`,
        blockStart + 1,
      );
    }
  }
  if (cues.length === 0) throw new SubtitleError('the file has no cues with text');
  const vtt = toVtt(cues);
  return { format, cues, vtt, bytes: Buffer.byteLength(vtt, 'utf8') };
}

/** A WebVTT file of these cues. */
export function toVtt(cues: readonly SubtitleCue[]): string {
  const blocks = cues.map((c) => `${formatTime(c.start)} --> ${formatTime(c.end)}\n${c.text}`);
  return `WEBVTT\n\n${blocks.join('\n\n')}\n`;
}

function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/** A lowercase BCP 47-ish language code: `en`, `vi`, `pt-br`, `zh-hant`, `es-419`. */
export const LANGUAGE_CODE = /^[a-z]{2,3}(?:-[a-z0-9]{2,8})*$/;

/** The code made canonical (lowercase, `_` → `-`), or null when it is not a language code. */
export function canonicalLanguage(code: string): string | null {
  const clean = code.trim().replace(/_/g, '-').toLowerCase();
  if (!LANGUAGE_CODE.test(clean) || clean.length > 20) return null;
  try {
    const [canonical] = Intl.getCanonicalLocales(clean);
    if (!canonical) return null;
    const lower = canonical.toLowerCase();
    // Intl knows the language part: an unknown one has no name of its own.
    const primary = lower.split('-')[0] ?? lower;
    const name = new Intl.DisplayNames([primary], { type: 'language', fallback: 'none' }).of(primary);
    return name ? lower : null;
  } catch {
    return null;
  }
}

/** Where ICU's own name is not what speakers write on a menu. */
const OWN_NAMES: Record<string, string> = { id: 'Bahasa Indonesia', ms: 'Bahasa Melayu' };

/** The language's own name ("Tiếng Việt", "Bahasa Indonesia", "English"), first letter capitalised. */
export function languageLabel(code: string): string {
  const own = OWN_NAMES[code];
  if (own) return own;
  try {
    const name = new Intl.DisplayNames([code], { type: 'language', fallback: 'code' }).of(code) ?? code;
    return name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
  } catch {
    return code;
  }
}
