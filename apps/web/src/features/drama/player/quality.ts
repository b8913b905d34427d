import { DATA_SAVER_SHORT_SIDE, type QualityChoice } from '../../../shared/store/video-quality';

/** A rendition as the player knows it (hls.js levels, lowest first). */
export interface LevelSize {
  width: number;
  height: number;
}

/** A rung's short side: 360 for 360×640 and for 640×360. */
export const shortSide = (level: LevelSize): number => Math.min(level.width, level.height);

/**
 * The highest level the player may pick by itself, or -1 for no ceiling:
 * - while a Shorts neighbour preloads, its lowest rendition only;
 * - the data saver: the highest rung up to 360p;
 * - the player's size on screen (CSS pixels × device pixels): the smallest rung with as many
 *   pixels as the screen shows of it, as hls.js's capLevelToPlayerSize does (which would overwrite
 *   any other ceiling, so it is done here).
 */
export function levelCeiling(
  levels: readonly LevelSize[],
  options: {
    preload: boolean;
    dataSaver: boolean;
    /** The element's size in device pixels and how the picture fills it (CSS object-fit). */
    player?: { width: number; height: number; fit: 'cover' | 'contain' } | null;
  },
): number {
  if (levels.length === 0) return -1;
  if (options.preload) return 0;
  let ceiling = levels.length - 1;
  if (options.dataSaver) {
    let saver = 0;
    levels.forEach((level, i) => {
      if (shortSide(level) <= DATA_SAVER_SHORT_SIDE) saver = i;
    });
    ceiling = Math.min(ceiling, saver);
  }
  const player = options.player;
  if (player && player.width > 0 && player.height > 0) {
    // Shown at the scale that fills the element (cover) or fits in it (contain): a level has the
    // pixels the screen shows when that scale is at most 1.
    const covering = levels.findIndex((l) =>
      player.fit === 'cover'
        ? l.width >= player.width && l.height >= player.height
        : l.width >= player.width || l.height >= player.height,
    );
    if (covering !== -1) ceiling = Math.min(ceiling, covering);
  }
  return ceiling === levels.length - 1 ? -1 : ceiling;
}

/**
 * The level a fixed choice plays (the rung of that short side, else the highest below it, else
 * the lowest), within the data saver's ceiling; -1 for automatic.
 */
export function chosenLevel(levels: readonly LevelSize[], choice: QualityChoice, dataSaver: boolean): number {
  if (choice === 'auto' || levels.length === 0) return -1;
  const limit = dataSaver ? Math.min(choice, DATA_SAVER_SHORT_SIDE) : choice;
  let found = 0;
  levels.forEach((level, i) => {
    if (shortSide(level) <= limit) found = i;
  });
  return found;
}
