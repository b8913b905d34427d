import { create } from 'zustand';
import { readJson, writeValue } from './local-storage';
import { STORAGE_KEYS } from './storage-keys';

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
  const raw = readJson(STORAGE_KEYS.videoQuality);
  const saved = typeof raw === 'object' && raw !== null ? (raw as Partial<QualityPrefs>) : {};
  return {
    choice: typeof saved.choice === 'number' && saved.choice > 0 ? saved.choice : 'auto',
    dataSaver: typeof saved.dataSaver === 'boolean' ? saved.dataSaver : null,
  };
}

const remember = (prefs: QualityPrefs) => writeValue(STORAGE_KEYS.videoQuality, prefs);

/**
 * The viewer's video quality and data saver, kept on this device (localStorage) for every episode:
 * the player applies them (features/drama/player), the settings page and the player's menu set them.
 */
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
