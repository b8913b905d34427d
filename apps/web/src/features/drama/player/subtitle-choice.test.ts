import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../shared/store/storage-keys';
import { readSubtitlePrefs, useSubtitlePrefs, type SubtitlePrefs } from './subtitle-prefs';
import { chosenTrack, subtitleLanguageOf, toggledPrefs, trackIn } from './subtitle-choice';

const en = { language: 'en', label: 'English' };
const vi = { language: 'vi', label: 'Tiếng Việt' };
const id = { language: 'id', label: 'Bahasa Indonesia' };
const all = [en, vi, id];
const never: SubtitlePrefs = { on: null, language: null };

afterEach(() => {
  useSubtitlePrefs.setState({ on: null, language: null });
});

describe('the subtitles shown by default', () => {
  it("follow the app's language, its locale vn being Vietnamese (vi)", () => {
    expect(subtitleLanguageOf('vn')).toBe('vi');
    expect(chosenTrack(all, never, 'vn')).toBe(vi);
    expect(chosenTrack(all, never, 'en')).toBe(en);
    expect(chosenTrack(all, never, 'id')).toBe(id);
  });

  it("are off when the episode has no track in the app's language (never a foreign one)", () => {
    expect(chosenTrack([en, id], never, 'vn')).toBeNull();
    expect(chosenTrack([], never, 'en')).toBeNull();
  });

  it('match a regional track by its primary language', () => {
    const us = { language: 'en-us', label: 'English (US)' };
    expect(chosenTrack([us, vi], never, 'en')).toBe(us);
    expect(trackIn([en], 'en-gb')).toBe(en);
    expect(trackIn([en], 'EN')).toBe(en);
  });
});

describe('a remembered choice', () => {
  it('shows the language picked, whatever the app language', () => {
    expect(chosenTrack(all, { on: true, language: 'id' }, 'vn')).toBe(id);
  });

  it('falls back to off when the episode lacks the language picked', () => {
    expect(chosenTrack([en, vi], { on: true, language: 'id' }, 'en')).toBeNull();
  });

  it('turned off stays off, even in the app language', () => {
    expect(chosenTrack(all, { on: false, language: 'vi' }, 'vn')).toBeNull();
  });
});

describe('the CC toggle', () => {
  it('turns shown subtitles off and keeps their language for next time', () => {
    expect(toggledPrefs(all, never, 'vn')).toEqual({ on: false, language: 'vi' });
  });

  it('turns them on in the language last picked, else the app language, else the first track', () => {
    expect(toggledPrefs(all, { on: false, language: 'id' }, 'en')).toEqual({ on: true, language: 'id' });
    expect(toggledPrefs([en, vi], { on: false, language: 'id' }, 'vn')).toEqual({
      on: true,
      language: 'vi',
    });
    expect(toggledPrefs([id], never, 'vn')).toEqual({ on: true, language: 'id' });
  });

  it('changes nothing on an episode without subtitles', () => {
    const prefs = { on: false, language: 'vi' };
    expect(toggledPrefs([], prefs, 'vn')).toBe(prefs);
  });
});

describe('the stored choice', () => {
  it('is written to localStorage and read back on the next visit', () => {
    useSubtitlePrefs.getState().choose({ on: true, language: 'id' });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.subtitles) ?? 'null')).toEqual({
      on: true,
      language: 'id',
    });
    expect(readSubtitlePrefs()).toEqual({ on: true, language: 'id' });
  });

  it('ignores what it cannot read as a choice', () => {
    localStorage.setItem(STORAGE_KEYS.subtitles, '{"on":"yes","language":"<b>"}');
    expect(readSubtitlePrefs()).toEqual({ on: null, language: null });
    localStorage.setItem(STORAGE_KEYS.subtitles, 'not json');
    expect(readSubtitlePrefs()).toEqual({ on: null, language: null });
  });
});
