import { create } from 'zustand';

const KEY = 'dramastar.quality';

/** What the viewer picked: the player's choice (`auto`) or a fixed rung by its short side (540 = 540p). */
export type QualityChoice = 'auto' | number;

/** The data saver's ceiling: 360p. */
export const DATA_SAVER_SHORT_SIDE = 360;

export interface QualityPrefs {
  choice: QualityChoice;
  /** On, off, or null: follow the browser's "save data" (Chrome's Lite mode, Android's Data Saver). */
  dataSaver: boolean | null;
}

interface QualityState extends QualityPrefs {
  setChoice: (choice: QualityChoice) => void;
  setDataSaver: (on: boolean) => void;
}

/** Whether the browser asks sites to save data (`navigator.connection.saveData`). */
export function browserSavesData(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return connection?.saveData === true;
}

/** The data saver as it applies: the viewer's setting, else the browser's. */
export const dataSaverOn = (prefs: QualityPrefs): boolean => prefs.dataSaver ?? browserSavesData();

function remembered(): QualityPrefs {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<QualityPrefs>;
    return {
      choice: typeof raw.choice === 'number' && raw.choice > 0 ? raw.choice : 'auto',
      dataSaver: typeof raw.dataSaver === 'boolean' ? raw.dataSaver : null,
    };
  } catch {
    return { choice: 'auto', dataSaver: null };
  }
}

function remember(prefs: QualityPrefs): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(prefs));
  } catch {
    // Private mode without storage: kept until the page closes.
  }
}

/** The viewer's video quality and data saver, kept on this device (localStorage) for every episode. */
export const useQuality = create<QualityState>()((set, get) => ({
  ...remembered(),
  setChoice: (choice) => {
    set({ choice });
    remember({ choice, dataSaver: get().dataSaver });
  },
  setDataSaver: (on) => {
    set({ dataSaver: on });
    remember({ choice: get().choice, dataSaver: on });
  },
}));

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
