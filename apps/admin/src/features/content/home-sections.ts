import {
  type AdminHomeSection,
  CONTENT_LIMITS,
  type HomeBuiltinSection,
  type HomeSectionKind,
  isHomeBuiltinSection,
} from '@dramastar/contract';

/** The app's own (English) titles of the built-in sections, shown as hints. */
export const BUILT_IN_TITLES: Record<HomeBuiltinSection, string> = {
  hot: 'Hot now',
  new: 'New releases',
  free: 'Free to watch',
  ranking: 'Top ranked',
};

/** The languages of titles, each with its name's key in the console's catalogue. */
export const SECTION_LANGS = [
  { key: 'en', label: 'seriesForm.lang.en' },
  { key: 'vn', label: 'seriesForm.lang.vn' },
  { key: 'id', label: 'seriesForm.lang.id' },
] as const;
export type SectionLang = (typeof SECTION_LANGS)[number]['key'];

/** A section being edited: every title a string (empty = none). */
export interface SectionDraft {
  key: string;
  kind: HomeSectionKind;
  visible: boolean;
  title: Record<SectionLang, string>;
  seriesIds: number[];
}

export function toDraft(section: AdminHomeSection): SectionDraft {
  return {
    key: section.key,
    kind: section.kind,
    visible: section.visible,
    title: { en: section.title.en, vn: section.title.vn ?? '', id: section.title.id ?? '' },
    seriesIds: [...section.seriesIds],
  };
}

/** What the save call takes for one section (a built-in one carries no series). */
export function toInput(draft: SectionDraft) {
  return {
    key: draft.key,
    visible: draft.visible,
    title: { en: draft.title.en.trim(), vn: draft.title.vn.trim(), id: draft.title.id.trim() },
    seriesIds: draft.kind === 'custom' ? draft.seriesIds : [],
  };
}

/** The list with the item at `index` moved one place up (-1) or down (1); unchanged at an end. */
export function move<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (index < 0 || index >= list.length || to < 0 || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(index, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/** A key for a new custom section: `custom-1`, `custom-2`, … the first one not taken. */
export function newCustomKey(taken: readonly string[]): string {
  for (let n = 1; ; n++) {
    const key = `custom-${n}`;
    if (!taken.includes(key)) return key;
  }
}

/** A new custom section: visible, no title or series yet (both needed to save). */
export function newCustomSection(taken: readonly string[]): SectionDraft {
  return {
    key: newCustomKey(taken),
    kind: 'custom',
    visible: true,
    title: { en: '', vn: '', id: '' },
    seriesIds: [],
  };
}

export const canAddSection = (list: readonly unknown[]) => list.length < CONTENT_LIMITS.maxHomeSections;

/** Built-in sections are hidden, never deleted. */
export const canDelete = (draft: Pick<SectionDraft, 'key'>) => !isHomeBuiltinSection(draft.key);

/** The index of the section a refusal names (`sections.3.title.en` → 3), if it names one. */
export function sectionIndexOf(field: string | undefined): number | null {
  const match = /^sections\.(\d+)(?:\.|$)/.exec(field ?? '');
  return match ? Number(match[1]) : null;
}
