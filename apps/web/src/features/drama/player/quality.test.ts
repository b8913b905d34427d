import { afterEach, describe, expect, it } from 'vitest';
import { dataSaverOn, useQuality } from '../../../shared/store/video-quality';
import { chosenLevel, levelCeiling } from './quality';

const vertical = [
  { width: 240, height: 426 },
  { width: 360, height: 640 },
  { width: 540, height: 960 },
  { width: 720, height: 1280 },
  { width: 1080, height: 1920 },
];
const landscape = vertical.map(({ width, height }) => ({ width: height, height: width }));

afterEach(() => {
  localStorage.clear();
  useQuality.setState({ choice: 'auto', dataSaver: null });
});

describe('the rendition ceiling', () => {
  it('keeps a preloading neighbour on its lowest rendition', () => {
    expect(levelCeiling(vertical, { preload: true, dataSaver: false })).toBe(0);
  });

  it('stops the data saver at 360p, whatever the aspect', () => {
    expect(levelCeiling(vertical, { preload: false, dataSaver: true })).toBe(1);
    expect(levelCeiling(landscape, { preload: false, dataSaver: true })).toBe(1);
    // A ladder without 360p: the highest rung below it.
    expect(levelCeiling([vertical[0]!, vertical[3]!], { preload: false, dataSaver: true })).toBe(0);
  });

  it('stops at the smallest rung with the pixels the player shows', () => {
    // A 390×844 phone screen at 1× filled by a vertical picture: 540×960 covers it.
    expect(
      levelCeiling(vertical, {
        preload: false,
        dataSaver: false,
        player: { width: 390, height: 844, fit: 'cover' },
      }),
    ).toBe(2);
    // At 3× nothing covers 1170×2532: no ceiling.
    expect(
      levelCeiling(vertical, {
        preload: false,
        dataSaver: false,
        player: { width: 1170, height: 2532, fit: 'cover' },
      }),
    ).toBe(-1);
    // A landscape picture fitted into the same screen is 390×219 on it: 426×240 is enough.
    expect(
      levelCeiling(landscape, {
        preload: false,
        dataSaver: false,
        player: { width: 390, height: 844, fit: 'contain' },
      }),
    ).toBe(0);
  });
});

describe('a fixed quality', () => {
  it('plays that rung, the highest below it when missing, and never above the data saver', () => {
    expect(chosenLevel(vertical, 'auto', false)).toBe(-1);
    expect(chosenLevel(vertical, 720, false)).toBe(3);
    expect(chosenLevel(landscape, 540, false)).toBe(2);
    expect(chosenLevel(vertical.slice(0, 2), 1080, false)).toBe(1);
    expect(chosenLevel(vertical, 720, true)).toBe(1);
  });
});

describe('the data saver setting', () => {
  it('follows the browser’s save-data until the viewer sets it, and is remembered', () => {
    const connection = { saveData: true };
    Object.defineProperty(navigator, 'connection', { value: connection, configurable: true });
    try {
      expect(dataSaverOn(useQuality.getState())).toBe(true);
      useQuality.getState().setDataSaver(false);
      expect(dataSaverOn(useQuality.getState())).toBe(false);
      connection.saveData = false;
      useQuality.getState().setDataSaver(true);
      useQuality.getState().setChoice(540);
      expect(JSON.parse(localStorage.getItem('videoQuality') ?? '{}')).toEqual({
        choice: 540,
        dataSaver: true,
      });
    } finally {
      Reflect.deleteProperty(navigator, 'connection');
    }
  });
});
