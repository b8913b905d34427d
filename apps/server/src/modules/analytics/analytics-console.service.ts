import {
  ANALYTICS_DEFAULT_DAYS,
  ANALYTICS_MAX_DAYS,
  ANALYTICS_SOURCES,
  type AnalyticsOverview,
  type AnalyticsSeriesDetail,
  DEFAULT_TENANT_ID,
  RETENTION_DAYS,
  toMajor,
} from '@dramastar/contract';
import { sql } from 'drizzle-orm';
import { addDays, type Clock, dayIn } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import type { LocalizedText } from '../../db/schema/catalog.js';
import type { OperatorContext } from '../../http/actors.js';
import { AppError } from '../../http/errors.js';
import { localize } from '../catalog/catalog.service.js';
import type { ContentService } from '../catalog/content/content.service.js';
import { seriesTitles } from '../catalog/content/series-rows.js';
import type { TenantService } from '../tenant/tenant.service.js';

interface RangeQuery {
  from?: string | undefined;
  to?: string | undefined;
  tenantId?: string | undefined;
}

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** A series' title in English, or its id when the catalogue has no such series (events name ids unchecked). */
const titleOf = (title: LocalizedText | undefined, seriesId: number) =>
  title ? localize(title, 'en') : `#${seriesId}`;

/**
 * The console's analytics pages, read from the daily rollups only (never the raw events), so each
 * answer costs a few index range scans whatever the traffic. Definitions: docs/analytics.md. The
 * tenant's time zone and currency come from the tenant module (cached per instance), a series'
 * title and free episodes from the content module's read, and the overview's titles from the
 * catalog by the ids of its rows (one query).
 */
export function createAnalyticsConsole(deps: {
  db: Db;
  clock: Clock;
  tenants: Pick<TenantService, 'config'>;
  content: Pick<ContentService, 'readSeries'>;
}) {
  const { db, clock } = deps;

  async function rangeOf(operator: OperatorContext, query: RangeQuery) {
    const tenantId = query.tenantId ?? operator.tenantIds?.[0] ?? DEFAULT_TENANT_ID;
    if (operator.tenantIds && !operator.tenantIds.includes(tenantId)) throw new AppError('Forbidden');
    const { timeZone, currency } = await deps.tenants.config(tenantId);
    const to = query.to ?? dayIn(timeZone, clock.now());
    const from = query.from ?? addDays(to, -(ANALYTICS_DEFAULT_DAYS - 1));
    const span = daysBetween(from, to) + 1;
    if (span < 1 || span > ANALYTICS_MAX_DAYS)
      throw new AppError('ValidationFailed', { status: 400, field: 'from' });
    return { tenantId, timeZone, currency, from, to };
  }

  return {
    async overview(operator: OperatorContext, query: RangeQuery): Promise<AnalyticsOverview> {
      const r = await rangeOf(operator, query);
      const { tenantId: t, from, to, currency } = r;
      const money = (minor: string | bigint | null) => toMajor(BigInt(minor ?? 0), currency);

      // The six reads are independent: asked at once (on a pool, each on its own connection), the
      // answer waits for the slowest, not for their sum.
      const funnelAsked = rowsOf<{
        source: string;
        visitors: number;
        played: number;
        signed: number;
        purchased: number;
      }>(
        db,
        sql`select source, sum(viewers)::int as visitors,
              coalesce(sum(viewers) filter (where first_play_day <= ${to}::date), 0)::int as played,
              coalesce(sum(viewers) filter (where sign_up_day <= ${to}::date), 0)::int as signed,
              coalesce(sum(viewers) filter (where first_purchase_day <= ${to}::date), 0)::int as purchased
            from analytics_funnel
            where tenant_id = ${t} and first_visit_day between ${from}::date and ${to}::date
            group by source`,
      );
      const cohortAsked = rowsOf<{ n: number }>(
        db,
        sql`select count(*)::int as n from analytics_viewer
            where tenant_id = ${t} and sign_up_day between ${from}::date and ${to}::date and merged_into is null`,
      );
      const retentionAsked = rowsOf<{ day: number; eligible: number; retained: number }>(
        db,
        sql`select n.day::int as day,
              count(*) filter (where v.sign_up_day + n.day <= ${to}::date)::int as eligible,
              count(d.user_id) filter (where v.sign_up_day + n.day <= ${to}::date)::int as retained
            from analytics_viewer v
            cross join unnest(${`{${RETENTION_DAYS.join(',')}}`}::int[]) as n(day)
            left join analytics_user_day d on d.tenant_id = v.tenant_id and d.day = v.sign_up_day + n.day
              and d.user_id = substr(v.viewer, 3)::bigint and d.active
            where v.tenant_id = ${t} and v.sign_up_day between ${from}::date and ${to}::date
              and v.merged_into is null and v.viewer like 'u:%'
            group by n.day order by n.day`,
      );
      const payAsked = rowsOf<{
        users: number;
        revenue: string;
        first: number;
        renewals: number;
        upgrades: number;
      }>(
        db,
        sql`select count(distinct user_id) filter (where revenue > 0 or first_purchases + renewals + upgrades > 0)::int as users,
              coalesce(sum(revenue), 0)::text as revenue, coalesce(sum(first_purchases), 0)::int as first,
              coalesce(sum(renewals), 0)::int as renewals, coalesce(sum(upgrades), 0)::int as upgrades
            from analytics_user_day where tenant_id = ${t} and day between ${from}::date and ${to}::date
              and first_purchases + renewals + upgrades > 0`,
      );
      const daysAsked = rowsOf<{ day: string; viewers: number; paying: number; revenue: string }>(
        db,
        sql`select to_char(d.day, 'YYYY-MM-DD') as day,
              coalesce((select sum(viewers) from analytics_series_day s where s.tenant_id = ${t} and s.day = d.day), 0)::int as viewers,
              (select count(*) from analytics_user_day u where u.tenant_id = ${t} and u.day = d.day
                and u.first_purchases + u.renewals + u.upgrades > 0)::int as paying,
              coalesce((select sum(revenue) from analytics_user_day u where u.tenant_id = ${t} and u.day = d.day
                and u.first_purchases + u.renewals + u.upgrades > 0), 0)::text as revenue
            from generate_series(${from}::date, ${to}::date, interval '1 day') as d(day) order by 1`,
      );
      const seriesAsked = rowsOf<{
        series_id: number;
        viewers: number;
        watch: string;
        episode_viewers: number;
        paywall: number;
        conversions: number;
        revenue: string;
      }>(
        db,
        sql`select series_id, sum(viewers)::int as viewers, sum(watch_seconds)::text as watch,
              sum(episode_viewers)::int as episode_viewers, sum(paywall_viewers)::int as paywall,
              sum(conversions)::int as conversions, sum(revenue)::text as revenue
            from analytics_series_day
            where tenant_id = ${t} and day between ${from}::date and ${to}::date
            group by series_id order by 2 desc, 1`,
      );
      const [funnelRows, [cohort], retentionRows, [pay], dayRows, seriesRows] = await Promise.all([
        funnelAsked,
        cohortAsked,
        retentionAsked,
        payAsked,
        daysAsked,
        seriesAsked,
      ]);
      const titles = await seriesTitles(
        db,
        t,
        seriesRows.map((s) => s.series_id),
      );

      const funnel = ANALYTICS_SOURCES.map((source) => {
        const row = funnelRows.find((f) => f.source === source);
        return {
          source,
          visitors: row?.visitors ?? 0,
          played: row?.played ?? 0,
          signedUp: row?.signed ?? 0,
          purchased: row?.purchased ?? 0,
        };
      });

      // Retention: a cohort member counts for day N once day N is within the range's end.
      const retention = {
        cohort: cohort?.n ?? 0,
        days: RETENTION_DAYS.map((day) => {
          const row = retentionRows.find((x) => x.day === day);
          const eligible = row?.eligible ?? 0;
          const retained = row?.retained ?? 0;
          return { day, eligible, retained, rate: eligible > 0 ? retained / eligible : null };
        }),
      };

      const payingUsers = pay?.users ?? 0;
      const revenue = BigInt(pay?.revenue ?? '0');

      return {
        ...r,
        funnel,
        retention,
        paying: {
          payingUsers,
          revenue: money(revenue),
          arppu: money(payingUsers > 0 ? revenue / BigInt(payingUsers) : 0n),
          firstPurchases: pay?.first ?? 0,
          renewals: pay?.renewals ?? 0,
          upgrades: pay?.upgrades ?? 0,
        },
        days: dayRows.map((d) => ({
          day: d.day,
          viewers: d.viewers,
          payingUsers: d.paying,
          revenue: money(d.revenue),
        })),
        series: seriesRows.map((s) => ({
          seriesId: s.series_id,
          title: titleOf(titles.get(s.series_id), s.series_id),
          viewers: s.viewers,
          avgWatchSeconds: s.episode_viewers > 0 ? Math.round(Number(s.watch) / s.episode_viewers) : 0,
          paywallViewers: s.paywall,
          conversions: s.conversions,
          conversionRate: s.paywall > 0 ? s.conversions / s.paywall : 0,
          revenue: money(s.revenue),
        })),
      };
    },

    async series(
      operator: OperatorContext,
      seriesId: number,
      query: RangeQuery,
    ): Promise<AnalyticsSeriesDetail> {
      const r = await rangeOf(operator, query);
      const { tenantId: t, from, to, currency } = r;
      // The series, when it is the range's tenant's. Events may name a series without a row (the
      // app's ids are not checked at ingestion): such a one, or another tenant's, is shown by its
      // id with the range's (empty) rows, as the overview lists it.
      const infoAsked = deps.content.readSeries(operator, seriesId).then(
        (row) => (row.tenantId === t ? row : null),
        (error: unknown) => {
          if (error instanceof AppError && (error.key === 'NotFound' || error.key === 'Forbidden'))
            return null;
          throw error;
        },
      );
      const rowsAsked = rowsOf<Record<string, number | string>>(
        db,
        sql`select episode, sum(viewers)::int as viewers, sum(p25)::int as p25, sum(p50)::int as p50, sum(p75)::int as p75,
              sum(completed)::int as completed, sum(stopped)::int as stopped, sum(watch_seconds)::text as watch,
              sum(paywall_viewers)::int as paywall, sum(unlock_buy)::int as buy, sum(unlock_trial)::int as trial,
              sum(unlock_sign_in)::int as sign_in, sum(unlock_dismiss)::int as dismiss, sum(purchases)::int as purchases,
              sum(trials)::int as trials, sum(conversions)::int as conversions, sum(revenue)::text as revenue
            from analytics_episode_day
            where tenant_id = ${t} and series_id = ${seriesId} and day between ${from}::date and ${to}::date
            group by episode order by episode`,
      );
      const [info, rows] = await Promise.all([infoAsked, rowsAsked]);
      const n = (v: number | string | undefined) => Number(v ?? 0);
      return {
        ...r,
        seriesId,
        title: titleOf(info?.title, seriesId),
        freeEpisodes: info?.freeEpisodes ?? 0,
        episodes: rows.map((e) => ({
          episode: n(e.episode),
          viewers: n(e.viewers),
          p25: n(e.p25),
          p50: n(e.p50),
          p75: n(e.p75),
          completed: n(e.completed),
          stopped: n(e.stopped),
          avgWatchSeconds: n(e.viewers) > 0 ? Math.round(n(e.watch) / n(e.viewers)) : 0,
          paywallViewers: n(e.paywall),
          unlock: { buy: n(e.buy), trial: n(e.trial), signIn: n(e.sign_in), dismiss: n(e.dismiss) },
          purchases: n(e.purchases),
          trials: n(e.trials),
          conversions: n(e.conversions),
          revenue: toMajor(BigInt(e.revenue ?? 0), currency),
        })),
      };
    },
  };
}

export type AnalyticsConsole = ReturnType<typeof createAnalyticsConsole>;
