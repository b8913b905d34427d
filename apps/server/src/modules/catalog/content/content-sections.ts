import type { AdminHomeSections, HomeSectionInput, SectionSeriesOption } from '@dramastar/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Clock } from '../../../clock.js';
import type { Db, DbOrTx, Tx } from '../../../db/client.js';
import { homeSections, series } from '../../../db/schema/index.js';
import { AppError } from '../../../http/errors.js';
import { requireTenant } from '../../tenant/tenant-rows.js';
import { cleanSectionTitle, homeLayout, sectionKind } from '../home-sections.js';
import { type Actor, checkTenant } from './content-rows.js';

/** The most series a custom section's picker offers. */
export const SECTION_SERIES_OPTIONS_MAX = 1000;

/** A tenant's home sections as the console shows them (the defaults when none are stored). */
async function adminHomeSections(tx: DbOrTx, tenantId: string): Promise<AdminHomeSections> {
  const layout = await homeLayout(tx, tenantId);
  return {
    tenantId,
    isDefault: layout.isDefault,
    sections: layout.sections.map((s) => ({
      key: s.key,
      kind: s.kind,
      visible: s.visible,
      title: { ...s.title, en: s.title.en ?? '' },
      seriesIds: s.seriesIds,
    })),
    updatedAt: layout.updatedAt?.toISOString() ?? null,
  };
}

/** The console's home sections of a tenant: read, replaced, and the series a custom one may list. */
export function createContentSections({ db, clock }: { db: Db; clock: Clock }) {
  return {
    /** The tenant's home sections (404 TenantNotFound for an unknown tenant, 403 outside the operator's). */
    async homeSections(actor: Actor, tenantId: string): Promise<AdminHomeSections> {
      checkTenant(actor, tenantId);
      await requireTenant(db, tenantId);
      return adminHomeSections(db, tenantId);
    },

    /**
     * Replaces the tenant's home sections with `sections` (their order is their position). The
     * list's shape was checked by the contract (built-in keys present, keys unique, titles and
     * series counts); here every series id must be one of the tenant's series (400 naming it).
     * Saves of one tenant queue on its row, so two at once never interleave.
     */
    async saveHomeSections(tx: Tx, actor: Actor, tenantId: string, sections: HomeSectionInput[]) {
      checkTenant(actor, tenantId);
      await requireTenant(tx, tenantId, true);
      const before = await adminHomeSections(tx, tenantId);
      const wanted = [...new Set(sections.flatMap((s) => s.seriesIds))];
      const known = new Set(
        wanted.length === 0
          ? []
          : (
              await tx
                .select({ id: series.id })
                .from(series)
                .where(and(eq(series.tenantId, tenantId), inArray(series.id, wanted)))
            ).map((r) => r.id),
      );
      sections.forEach((section, i) => {
        section.seriesIds.forEach((seriesId, j) => {
          if (!known.has(seriesId))
            throw new AppError('HomeSectionSeriesUnknown', {
              status: 400,
              field: `sections.${i}.seriesIds.${j}`,
            });
        });
      });
      const now = clock.now();
      await tx.delete(homeSections).where(eq(homeSections.tenantId, tenantId));
      await tx.insert(homeSections).values(
        sections.map((section, i) => {
          const kind = sectionKind(section.key);
          return {
            tenantId,
            key: section.key,
            kind,
            title: cleanSectionTitle(section.title),
            position: i + 1,
            visible: section.visible,
            seriesIds: kind === 'custom' ? section.seriesIds : [],
            updatedAt: now,
          };
        }),
      );
      return { before, after: await adminHomeSections(tx, tenantId) };
    },

    /** The tenant's series for a custom section's picker: drafts too, by English title. */
    async sectionSeries(actor: Actor, tenantId: string): Promise<{ list: SectionSeriesOption[] }> {
      checkTenant(actor, tenantId);
      await requireTenant(db, tenantId);
      const rows = await db
        .select()
        .from(series)
        .where(eq(series.tenantId, tenantId))
        .orderBy(sql`${series.title}->>'en'`, asc(series.id))
        .limit(SECTION_SERIES_OPTIONS_MAX);
      return {
        list: rows.map((r) => ({
          id: r.id,
          title: r.title,
          status: r.status === 'published' ? 'published' : 'draft',
          cover: r.cover,
        })),
      };
    },
  };
}
