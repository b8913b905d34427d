import {
  HOME_BUILTIN_SECTIONS,
  type HomeSectionKind,
  isHomeBuiltinSection,
  type Language,
} from '@dramastar/contract';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { homeSections, type SectionTitle } from '../../db/schema/index.js';

/** One home section of a tenant, as stored (or as the defaults make it). */
export interface HomeSectionLayout {
  key: string;
  kind: HomeSectionKind;
  visible: boolean;
  title: SectionTitle;
  seriesIds: number[];
}

/** A tenant without stored sections: the four built-in ones, visible, in this order, default titles. */
export const DEFAULT_HOME_SECTIONS: readonly HomeSectionLayout[] = HOME_BUILTIN_SECTIONS.map((key) => ({
  key,
  kind: 'auto',
  visible: true,
  title: {},
  seriesIds: [],
}));

/**
 * The tenant's home sections in position order, read at every call (a console change applies at
 * once, on every instance); the defaults when the tenant has none stored.
 */
export async function homeLayout(
  db: DbOrTx,
  tenantId: string,
): Promise<{ sections: HomeSectionLayout[]; isDefault: boolean; updatedAt: Date | null }> {
  const rows = await db
    .select()
    .from(homeSections)
    .where(eq(homeSections.tenantId, tenantId))
    .orderBy(asc(homeSections.position));
  if (rows.length === 0) return { sections: [...DEFAULT_HOME_SECTIONS], isDefault: true, updatedAt: null };
  return {
    sections: rows.map((r) => ({
      key: r.key,
      kind: r.kind === 'custom' ? 'custom' : 'auto',
      visible: r.visible,
      title: r.title,
      seriesIds: r.seriesIds,
    })),
    isDefault: false,
    updatedAt: rows.reduce<Date | null>(
      (latest, r) => (latest === null || r.updatedAt > latest ? r.updatedAt : latest),
      null,
    ),
  };
}

/**
 * A section's title in `lang`: its own text, else the English one; null for a built-in section
 * without an override (the app then shows its translated default).
 */
export function sectionTitle(section: Pick<HomeSectionLayout, 'title'>, lang: Language): string | null {
  return section.title[lang] || section.title.en || null;
}

/** Titles as stored: empty texts dropped. */
export function cleanSectionTitle(title: { en: string; vn?: string | undefined; id?: string | undefined }) {
  const out: SectionTitle = {};
  if (title.en) out.en = title.en;
  if (title.vn) out.vn = title.vn;
  if (title.id) out.id = title.id;
  return out;
}

export const sectionKind = (key: string): HomeSectionKind => (isHomeBuiltinSection(key) ? 'auto' : 'custom');
