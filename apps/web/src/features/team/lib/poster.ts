import { create } from 'qrcode';
import { cssColour } from '../../../shared/theme/css-colour';

/** The poster's size in canvas pixels (shown scaled down; saved at this size). */
export const POSTER_WIDTH = 720;
export const POSTER_HEIGHT = 1240;

export interface PosterInput {
  brand: string;
  inviteCode: string;
  inviteLink: string;
  headline: string;
  subtitle: string;
  scanHint: string;
  codeLabel: string;
}

/** The dark/light modules of the invite link's QR code. */
export function qrMatrix(link: string): { size: number; dark: (row: number, col: number) => boolean } {
  const { modules } = create(link, { errorCorrectionLevel: 'M' });
  return { size: modules.size, dark: (row, col) => Boolean(modules.get(row, col)) };
}

const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

function roundRect(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number) {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

/** Splits a text into lines no wider than `width` (words, or characters for a long word). */
/**
 * A link's pieces where a line may end, as typesetters break addresses: after a slash (not inside
 * `//`), and before `.`, `?`, `&`, `#` and `=`; so `…/#/pages/login/register?inviteCode=AB12CD34`
 * never breaks inside `register` or the code.
 */
export function linkPieces(link: string): string[] {
  return link.split(/(?<=\/)(?!\/)|(?=[.?&#=])/).filter(Boolean);
}

/** A link on lines at most `width` wide, broken only between its pieces (a piece too wide alone is cut). */
export function wrapLink(measure: (text: string) => number, link: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const piece of linkPieces(link)) {
    if (measure(line + piece) <= width) {
      line += piece;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    let part = '';
    for (const char of piece) {
      if (measure(part + char) > width && part) {
        lines.push(part);
        part = '';
      }
      part += char;
    }
    line = part;
  }
  if (line) lines.push(line);
  return lines;
}

export function wrapText(ctx: CanvasRenderingContext2D, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (ctx.measureText(candidate).width <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    // A word wider than the line (a link) is cut wherever it must.
    let part = '';
    for (const char of word) {
      if (ctx.measureText(part + char).width > width && part) {
        lines.push(part);
        part = '';
      }
      part += char;
    }
    line = part;
  }
  if (line) lines.push(line);
  return lines;
}

function drawLogo(ctx: CanvasRenderingContext2D, x: number, y: number, size: number) {
  const s = size / 64;
  ctx.save();
  ctx.translate(x, y);
  ctx.scale(s, s);
  ctx.fillStyle = cssColour('--ds-white');
  roundRect(ctx, 0, 0, 64, 64, 14);
  ctx.fill();
  ctx.fillStyle = cssColour('--ds-poster-from');
  ctx.beginPath();
  ctx.moveTo(24, 17);
  ctx.lineTo(49, 32);
  ctx.lineTo(24, 47);
  ctx.closePath();
  ctx.fill();
  ctx.fillStyle = cssColour('--ds-poster-to');
  ctx.beginPath();
  ctx.moveTo(46, 10);
  ctx.lineTo(47.8, 14.2);
  ctx.lineTo(52, 16);
  ctx.lineTo(47.8, 17.8);
  ctx.lineTo(46, 22);
  ctx.lineTo(44.2, 17.8);
  ctx.lineTo(40, 16);
  ctx.lineTo(44.2, 14.2);
  ctx.closePath();
  ctx.fill();
  ctx.restore();
}

/**
 * Draws the invitation poster: the brand, a headline, the invite link as a QR code on a white
 * card (so it scans in any theme), the invite code and the link itself. Only shapes and text
 * are drawn, nothing loaded, so the canvas is never tainted and can always be saved.
 */
export function drawPoster(ctx: CanvasRenderingContext2D, input: PosterInput): void {
  const W = POSTER_WIDTH;
  const H = POSTER_HEIGHT;
  const background = ctx.createLinearGradient(0, 0, W, H);
  background.addColorStop(0, cssColour('--ds-poster-from'));
  background.addColorStop(1, cssColour('--ds-poster-to'));
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, W, H);

  // Soft circles for depth.
  ctx.fillStyle = cssColour('--ds-veil-10');
  ctx.beginPath();
  ctx.arc(W - 40, 120, 220, 0, Math.PI * 2);
  ctx.fill();
  ctx.beginPath();
  ctx.arc(40, H - 60, 180, 0, Math.PI * 2);
  ctx.fill();

  // Brand.
  drawLogo(ctx, 56, 64, 88);
  ctx.fillStyle = cssColour('--ds-white');
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';
  ctx.font = `700 52px ${FONT}`;
  ctx.fillText(input.brand, 168, 108, W - 168 - 56);

  // Headline and subtitle.
  ctx.textBaseline = 'alphabetic';
  ctx.font = `800 50px ${FONT}`;
  let y = 250;
  for (const line of wrapText(ctx, input.headline, W - 112).slice(0, 3)) {
    ctx.fillText(line, 56, y);
    y += 62;
  }
  ctx.font = `500 30px ${FONT}`;
  ctx.fillStyle = cssColour('--ds-veil-90');
  for (const line of wrapText(ctx, input.subtitle, W - 112).slice(0, 2)) {
    ctx.fillText(line, 56, y + 4);
    y += 42;
  }

  // The card with the QR code and the code.
  const cardTop = Math.max(y + 24, 430);
  const cardHeight = H - cardTop - 150;
  ctx.fillStyle = cssColour('--ds-white');
  ctx.shadowColor = cssColour('--ds-shade-20');
  ctx.shadowBlur = 30;
  ctx.shadowOffsetY = 10;
  roundRect(ctx, 56, cardTop, W - 112, cardHeight, 28);
  ctx.fill();
  ctx.shadowColor = 'transparent';
  ctx.shadowBlur = 0;
  ctx.shadowOffsetY = 0;

  const qr = qrMatrix(input.inviteLink);
  const quiet = 2;
  const cells = qr.size + quiet * 2;
  const qrSize = Math.min(380, cardHeight - 250);
  const cell = Math.floor(qrSize / cells);
  const drawn = cell * cells;
  const qrX = Math.round((W - drawn) / 2);
  const qrY = cardTop + 40;
  ctx.fillStyle = cssColour('--ds-black');
  for (let row = 0; row < qr.size; row++) {
    for (let col = 0; col < qr.size; col++) {
      if (qr.dark(row, col)) ctx.fillRect(qrX + (col + quiet) * cell, qrY + (row + quiet) * cell, cell, cell);
    }
  }

  ctx.textAlign = 'center';
  ctx.fillStyle = cssColour('--ds-poster-hint');
  ctx.font = `500 28px ${FONT}`;
  let textY = qrY + drawn + 48;
  ctx.fillText(input.scanHint, W / 2, textY, W - 160);
  textY += 62;
  ctx.fillText(input.codeLabel, W / 2, textY, W - 160);
  textY += 70;
  ctx.fillStyle = cssColour('--ds-poster-code');
  ctx.font = `800 64px ${FONT}`;
  ctx.fillText(input.inviteCode.split('').join(' '), W / 2, textY, W - 160);

  // The link, for those who cannot scan.
  ctx.fillStyle = cssColour('--ds-veil-90');
  ctx.font = `500 24px ${FONT}`;
  let linkY = cardTop + cardHeight + 52;
  for (const line of wrapLink((text) => ctx.measureText(text).width, input.inviteLink, W - 112).slice(0, 3)) {
    ctx.fillText(line, W / 2, linkY);
    linkY += 32;
  }
}

/** Browsers that cannot download a file from a page (iOS, in-app WebViews): save by long-press instead. */
export function savesByLongPress(userAgent: string, maxTouchPoints: number): boolean {
  if (/iPad|iPhone|iPod/.test(userAgent)) return true;
  if (/Macintosh/.test(userAgent) && maxTouchPoints > 1) return true; // iPadOS asks for a desktop page
  return /FBAN|FBAV|Instagram|Line\/|MicroMessenger|; wv\)/.test(userAgent);
}
