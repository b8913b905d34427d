import { describe, expect, it } from 'vitest';
import {
  canonicalLanguage,
  languageLabel,
  parseSubtitles,
  parseTime,
  SUBTITLE_MAX_BYTES,
  SUBTITLE_MAX_CUES,
  SubtitleError,
} from './subtitles.js';

function refusal(input: string | Uint8Array): SubtitleError {
  try {
    parseSubtitles(input);
  } catch (error) {
    if (error instanceof SubtitleError) return error;
    throw error;
  }
  throw new Error('not refused');
}

const SRT = [
  '1',
  '00:00:01,000 --> 00:00:02,500',
  'Xin chào!',
  '',
  '2',
  '00:00:03,000 --> 00:00:04,000',
  '<i>Anh ở đâu?</i>',
  'Em đây.',
  '',
].join('\r\n');

describe('SRT to WebVTT', () => {
  it('converts an SRT with a BOM and CRLF line ends to WebVTT, keeping the text and timings', () => {
    const parsed = parseSubtitles(Buffer.from(`\ufeff${SRT}`, 'utf8'));
    expect(parsed.format).toBe('srt');
    expect(parsed.cues).toEqual([
      { start: 1000, end: 2500, text: 'Xin chào!' },
      { start: 3000, end: 4000, text: '<i>Anh ở đâu?</i>\nEm đây.' },
    ]);
    expect(parsed.vtt).toBe(
      'WEBVTT\n\n00:00:01.000 --> 00:00:02.500\nXin chào!\n\n00:00:03.000 --> 00:00:04.000\n<i>Anh ở đâu?</i>\nEm đây.\n',
    );
    expect(parsed.bytes).toBe(Buffer.byteLength(parsed.vtt));
  });

  it('reads a WebVTT with a header, notes, cue ids, settings and short times', () => {
    const parsed = parseSubtitles(
      'WEBVTT - made by hand\n\nNOTE a note\nover two lines\n\nintro\n00:01.000 --> 00:02.000 align:start\nHello <b>there</b>\n',
    );
    expect(parsed.format).toBe('vtt');
    expect(parsed.cues).toEqual([{ start: 1000, end: 2000, text: 'Hello <b>there</b>' }]);
  });

  it('keeps only <i>, <b>, <u>: other tags, SSA codes and bare < & are made harmless', () => {
    const parsed = parseSubtitles(
      '1\n00:00:01,000 --> 00:00:02,000\n{\\an8}<font color="red">Red</font> <U>u</U> <c.yellow>c</c> a < b & c &amp; d\n',
    );
    expect(parsed.cues[0]!.text).toBe('Red <u>u</u> c a &lt; b &amp; c &amp; d');
  });

  it('reads times with an hour of three digits and a fraction of one digit', () => {
    expect(parseTime('100:00:00,5')).toBe(360_000_500);
    expect(parseTime('00:61:00,000')).toBeNull();
  });
});

describe('refusals name the line', () => {
  it('an end before the start', () => {
    const error = refusal('1\n00:00:01,000 --> 00:00:02,000\nA\n\n2\n00:00:05,000 --> 00:00:03,000\nB\n');
    expect(error.message).toBe('Line 6: the end time 00:00:03,000 is before the start');
    expect(error.line).toBe(6);
  });

  it('an end equal to the start', () => {
    expect(refusal('1\n00:00:01,000 --> 00:00:01,000\nA\n').message).toBe(
      'Line 2: the end time 00:00:01,000 is the same as the start',
    );
  });

  it('a time that does not parse', () => {
    expect(refusal('1\n00:00:01,000 --> 00:0x:02,000\nA\n').message).toBe(
      'Line 2: the end time "00:0x:02,000" is not a time',
    );
    expect(refusal('1\n1.5 --> 00:00:02,000\nA\n').message).toBe(
      'Line 2: the start time "1.5" is not a time',
    );
  });

  it('a block without a timing line', () => {
    expect(refusal('1\nhello there\n').message).toMatch(/^Line 2: expected a timing line/);
    expect(refusal('Hello\n00:00:01,000 --> 00:00:02,000\nA\n').message).toMatch(
      /^Line 1: expected a cue number or a timing line/,
    );
  });

  it('a STYLE block and a script', () => {
    expect(refusal('WEBVTT\n\nSTYLE\n::cue { color: red }\n\n00:01.000 --> 00:02.000\nA\n').message).toBe(
      'Line 3: style blocks are not accepted; remove the STYLE block',
    );
    expect(refusal('1\n00:00:01,000 --> 00:00:02,000\n<script>alert(1)</script>\n').message).toBe(
      'Line 1: scripts and styles are not accepted in subtitles',
    );
  });

  it('a file too large, before it is read', () => {
    const big = `1\n00:00:01,000 --> 00:00:02,000\n${'a'.repeat(SUBTITLE_MAX_BYTES)}\n`;
    expect(refusal(big).message).toBe('the file is 513 KB; a subtitle file may be at most 512 KB');
  });

  it('more cues than the limit', () => {
    const cues = Array.from(
      { length: SUBTITLE_MAX_CUES + 1 },
      (_, k) =>
        `${k + 1}\n00:00:${String(k % 60).padStart(2, '0')},000 --> 00:00:${String(k % 60).padStart(2, '0')},500\nx`,
    );
    expect(refusal(cues.join('\n\n')).message).toMatch(/more than 5000 cues/);
  });

  it('a file that is not UTF-8, empty, or has no text', () => {
    expect(refusal(Uint8Array.from([0x31, 0x0a, 0xff, 0xfe, 0x00])).message).toMatch(/not UTF-8/);
    expect(refusal('\ufeff\r\n \r\n').message).toBe('the file is empty');
    expect(refusal('WEBVTT\n\n00:01.000 --> 00:02.000\n<font></font>\n').message).toBe(
      'the file has no cues with text',
    );
  });

  it('a WebVTT without its first line', () => {
    expect(refusal('WEBVTTX\n\n00:01.000 --> 00:02.000\nA\n').message).toBe(
      'Line 1: a WebVTT file starts with the line "WEBVTT"',
    );
  });
});

describe('language codes and labels', () => {
  it('accepts BCP 47 codes, made lowercase, and refuses what is not one', () => {
    expect(canonicalLanguage('EN')).toBe('en');
    expect(canonicalLanguage('pt_BR')).toBe('pt-br');
    expect(canonicalLanguage('zh-Hant')).toBe('zh-hant');
    expect(canonicalLanguage('es-419')).toBe('es-419');
    for (const bad of ['', 'english', 'e', 'xx', 'en--us', '12', 'en us', '../x'])
      expect(canonicalLanguage(bad), bad).toBeNull();
  });

  it('labels a language with its own name', () => {
    expect(languageLabel('en')).toBe('English');
    expect(languageLabel('vi')).toBe('Tiếng Việt');
    expect(languageLabel('id')).toBe('Bahasa Indonesia');
    expect(languageLabel('th')).toBe('ไทย');
    expect(languageLabel('pt-br')).toBe('Português (Brasil)');
  });
});
