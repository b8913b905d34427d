import { describe, expect, it } from 'vitest';
import {
  canAddSection,
  canDelete,
  move,
  newCustomKey,
  newCustomSection,
  sectionIndexOf,
  toDraft,
  toInput,
} from './home-sections';

describe('home sections in the console', () => {
  it('moves a section up or down, and leaves the ends alone', () => {
    expect(move(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(move(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(move(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(move(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });

  it('makes new custom sections with free keys, up to the limit', () => {
    expect(newCustomKey(['hot', 'custom-1', 'custom-3'])).toBe('custom-2');
    expect(newCustomSection(['hot'])).toEqual({
      key: 'custom-1',
      kind: 'custom',
      visible: true,
      title: { en: '', vn: '', id: '' },
      seriesIds: [],
    });
    expect(canAddSection(new Array(11))).toBe(true);
    expect(canAddSection(new Array(12))).toBe(false);
    expect(canDelete({ key: 'hot' })).toBe(false);
    expect(canDelete({ key: 'custom-1' })).toBe(true);
  });

  it('turns the stored sections into drafts and drafts into the save call’s input', () => {
    const hot = toDraft({ key: 'hot', kind: 'auto', visible: false, title: { en: '' }, seriesIds: [] });
    expect(hot.title).toEqual({ en: '', vn: '', id: '' });
    expect(toInput({ ...hot, seriesIds: [4] })).toEqual({
      key: 'hot',
      visible: false,
      title: { en: '', vn: '', id: '' },
      seriesIds: [],
    });
    const picks = toDraft({
      key: 'picks',
      kind: 'custom',
      visible: true,
      title: { en: 'Picks', id: 'Pilihan' },
      seriesIds: [3, 1],
    });
    expect(toInput({ ...picks, title: { ...picks.title, en: ' Picks ' } })).toEqual({
      key: 'picks',
      visible: true,
      title: { en: 'Picks', vn: '', id: 'Pilihan' },
      seriesIds: [3, 1],
    });
  });

  it('finds the section a refusal names', () => {
    expect(sectionIndexOf('sections.3.title.en')).toBe(3);
    expect(sectionIndexOf('sections.0')).toBe(0);
    expect(sectionIndexOf('sections')).toBeNull();
    expect(sectionIndexOf(undefined)).toBeNull();
  });
});
