import { sql, type SQL } from 'drizzle-orm';
import { addDays, type Clock, dayIn } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { withTransaction } from '../../db/tx.js';
import { rowsOf } from '../../db/rows.js';
import { signUpsBetween } from '../user/user-rows.js';
import { tenantTimeZones } from '../tenant/tenant.service.js';

/** Any constant: with a hash of tenant and day, the advisory lock that serialises one day's rollup. */
const ROLLUP_LOCK = 727_041;

export interface RollupResult {
  tenantId: string;
  day: string;
  /** Events of the day (tenant time zone) read. */
  events: number;
}

/**
 * Rolls up one tenant's day (its time zone) from the raw events into the console's tables
 * (db/schema/analytics.ts), in one transaction: the day's rows are replaced, so running it again
 * gives the same rows, and two instances rolling the same day take turns (advisory lock). Viewer
 * profiles (funnel) only ever move their first days earlier, which is as idempotent.
 * Definitions: docs/analytics.md.
 */
export async function rollupDay(
  db: Db,
  tenant: { id: string; timeZone: string },
  day: string,
  now: Date,
): Promise<RollupResult> {
  return withTransaction(db, async (tx) => {
    const x = (q: SQL) => tx.execute(q);
    await x(sql`select pg_advisory_xact_lock(${ROLLUP_LOCK}, hashtext(${`${tenant.id}:${day}`}))`);
    await x(sql`set local statement_timeout = 0`);
    const [bounds] = await rowsOf<{ start: string; end: string }>(
      tx,
      sql`select to_char(${day}::date::timestamp at time zone ${tenant.timeZone} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as start,
        to_char((${day}::date + 1)::timestamp at time zone ${tenant.timeZone} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as end`,
    );
    if (!bounds) throw new Error('no bounds');
    const start = new Date(bounds.start);
    const end = new Date(bounds.end);
    // 24 h before the day are read too: a purchase is attributed to a paywall up to 24 h before it.
    const from = new Date(start.getTime() - 86_400_000);
    const lo = from.toISOString().slice(0, 10);
    const hi = new Date(end.getTime() - 1).toISOString().slice(0, 10);
    const t = tenant.id;
    const window = sql`e.tenant_id = ${t} and e.day between ${lo}::date and ${hi}::date
      and e.at >= ${from.toISOString()}::timestamptz and e.at < ${end.toISOString()}::timestamptz`;

    for (const table of ['_links', '_ev', '_buy', '_ve']) await x(sql.raw(`drop table if exists ${table}`));
    // A device is its user's once any event of it carried the user (in the window, or merged before).
    await x(sql`create temp table _links on commit drop as
      select device_id, min(user_id) as user_id from (
        select e.device_id, e.user_id from analytics_event e
          where ${window} and e.user_id is not null and e.device_id is not null
        union all
        select substr(v.viewer, 3), substr(v.merged_into, 3)::bigint from analytics_viewer v
          where v.tenant_id = ${t} and v.merged_into is not null
      ) l group by device_id`);
    // The day's events, and of the 24 h before it only the paywalls shown (all a purchase of the
    // day may be attributed to): the day before is not read whole.
    await x(sql`create temp table _ev on commit drop as
      select e.id, e.at, e.type, e.series_id, e.episode, e.percent, e.seconds, e.detail, e.amount,
        coalesce(e.user_id, l.user_id) as user_id,
        case when coalesce(e.user_id, l.user_id) is not null then 'u:' || coalesce(e.user_id, l.user_id)
             else 'd:' || e.device_id end as viewer,
        e.at >= ${start.toISOString()}::timestamptz as today
      from analytics_event e left join _links l on l.device_id = e.device_id
      where ${window} and (e.at >= ${start.toISOString()}::timestamptz or e.type = 'paywall_shown')`);
    await x(sql`create index on _ev (viewer, at) where type = 'paywall_shown'`);
    await x(sql`analyze _ev`);

    // Each purchase of the day, with the one paywall it is attributed to: the viewer's latest
    // paywall shown in the 24 h before it (none: not attributed).
    await x(sql`create temp table _buy on commit drop as
      select p.id, p.viewer, p.user_id, p.at, coalesce(p.amount, 0) as amount, p.detail, w.series_id, w.episode
      from _ev p left join lateral (
        select w.series_id, w.episode from _ev w
        where w.type = 'paywall_shown' and w.viewer = p.viewer and w.at <= p.at and w.at > p.at - interval '24 hours'
        order by w.at desc, w.id desc limit 1
      ) w on true
      where p.type = 'purchase' and p.today`);

    // Per viewer and episode of the day.
    await x(sql`create temp table _ve on commit drop as
      select series_id, episode, viewer,
        bool_or(type in ('episode_start', 'episode_progress', 'episode_complete')) as watched,
        coalesce(max(percent) filter (where type in ('episode_progress', 'episode_complete')), 0) as reached,
        coalesce(max(seconds), 0) as secs,
        bool_or(type = 'paywall_shown') as paywall,
        bool_or(type = 'unlock_action' and detail = 'buy') as a_buy,
        bool_or(type = 'unlock_action' and detail = 'trial') as a_trial,
        bool_or(type = 'unlock_action' and detail = 'sign_in') as a_sign_in,
        bool_or(type = 'unlock_action' and detail = 'dismiss') as a_dismiss
      from _ev where today and series_id is not null and episode is not null
      group by series_id, episode, viewer`);

    await x(sql`delete from analytics_episode_day where tenant_id = ${t} and day = ${day}`);
    await x(sql`delete from analytics_series_day where tenant_id = ${t} and day = ${day}`);
    await x(sql`delete from analytics_user_day where tenant_id = ${t} and day = ${day}`);

    await x(sql`insert into analytics_episode_day (tenant_id, day, series_id, episode, viewers, p25, p50, p75,
        completed, stopped, watch_seconds, paywall_viewers, unlock_buy, unlock_trial, unlock_sign_in, unlock_dismiss,
        purchases, trials, conversions, revenue)
      with furthest as (
        select series_id, viewer, max(episode) as episode from _ve where watched group by series_id, viewer
      ), eps as (
        select v.series_id, v.episode,
          count(*) filter (where v.watched) as viewers,
          count(*) filter (where v.reached >= 25) as p25,
          count(*) filter (where v.reached >= 50) as p50,
          count(*) filter (where v.reached >= 75) as p75,
          count(*) filter (where v.reached >= 100) as completed,
          count(f.viewer) as stopped,
          coalesce(sum(v.secs) filter (where v.watched), 0) as watch_seconds,
          count(*) filter (where v.paywall) as paywall_viewers,
          count(*) filter (where v.a_buy) as unlock_buy,
          count(*) filter (where v.a_trial) as unlock_trial,
          count(*) filter (where v.a_sign_in) as unlock_sign_in,
          count(*) filter (where v.a_dismiss) as unlock_dismiss
        from _ve v left join furthest f on f.series_id = v.series_id and f.viewer = v.viewer and f.episode = v.episode
        group by v.series_id, v.episode
      ), bought as (
        select series_id, episode, count(*) as purchases, sum(amount) as revenue from _buy
        where series_id is not null group by series_id, episode
      ), conv as (
        select series_id, episode, count(*) as conversions from (
          select series_id, episode, viewer from _buy where series_id is not null
          -- A trial: the unlock prompt's trial button, tapped within 24 h of that episode's paywall.
          union select t.series_id, t.episode, t.viewer from _ev t
          where t.today and t.type = 'unlock_action' and t.detail = 'trial' and exists (
            select 1 from _ev w where w.type = 'paywall_shown' and w.viewer = t.viewer and w.series_id = t.series_id
              and w.episode = t.episode and w.at <= t.at and w.at > t.at - interval '24 hours')
        ) c group by series_id, episode
      ), keys as (
        select series_id, episode from eps union select series_id, episode from bought
      )
      select ${t}, ${day}::date, k.series_id, k.episode,
        coalesce(e.viewers, 0), coalesce(e.p25, 0), coalesce(e.p50, 0), coalesce(e.p75, 0), coalesce(e.completed, 0),
        coalesce(e.stopped, 0), round(coalesce(e.watch_seconds, 0))::bigint, coalesce(e.paywall_viewers, 0),
        coalesce(e.unlock_buy, 0), coalesce(e.unlock_trial, 0), coalesce(e.unlock_sign_in, 0), coalesce(e.unlock_dismiss, 0),
        coalesce(b.purchases, 0), coalesce(e.unlock_trial, 0), coalesce(c.conversions, 0), coalesce(b.revenue, 0)::bigint
      from keys k
        left join eps e on e.series_id = k.series_id and e.episode = k.episode
        left join bought b on b.series_id = k.series_id and b.episode = k.episode
        left join conv c on c.series_id = k.series_id and c.episode = k.episode`);

    // Per series: distinct viewers of the day, and its episodes' rows added up (the overview).
    await x(sql`insert into analytics_series_day (tenant_id, day, series_id, viewers, watch_seconds,
        episode_viewers, paywall_viewers, conversions, revenue)
      with v as (
        select series_id, count(distinct viewer) as viewers from _ve where watched group by series_id
      ), e as (
        select series_id, sum(watch_seconds) as watch, sum(viewers) as viewers, sum(paywall_viewers) as paywall,
          sum(conversions) as conversions, sum(revenue) as revenue
        from analytics_episode_day where tenant_id = ${t} and day = ${day}::date group by series_id
      )
      select ${t}, ${day}::date, e.series_id, coalesce(v.viewers, 0), e.watch, e.viewers, e.paywall, e.conversions, e.revenue
      from e left join v on v.series_id = e.series_id`);

    // Users active that day, and their purchases: the first ever, renewals (any later card that
    // replaced none) and upgrades (a card that replaced a live one).
    await x(sql`insert into analytics_user_day (tenant_id, day, user_id, active, first_purchases, renewals, upgrades, revenue)
      with buys as (
        select b.user_id, b.amount, b.detail,
          row_number() over (partition by b.user_id order by b.at, b.id) as rn,
          (v.first_purchase_day is null or v.first_purchase_day >= ${day}::date) as none_before
        from _buy b left join analytics_viewer v on v.tenant_id = ${t} and v.viewer = 'u:' || b.user_id
      ), kinds as (
        select user_id, false as active,
          case when detail = 'upgrade' then 0 when rn = 1 and none_before then 1 else 0 end as first_p,
          case when detail = 'upgrade' then 0 when rn = 1 and none_before then 0 else 1 end as renewal,
          case when detail = 'upgrade' then 1 else 0 end as upgrade, amount
        from buys
        union all
        select distinct user_id, true, 0, 0, 0, 0 from _ev where today and user_id is not null
      )
      select ${t}, ${day}::date, user_id, bool_or(active), sum(first_p), sum(renewal), sum(upgrade), sum(amount)::bigint
      from kinds group by user_id`);

    // Viewer profiles: a device later tied to a user is folded into the user (earliest days and source).
    await x(sql`with merged as (
        update analytics_viewer d set merged_into = 'u:' || l.user_id from _links l
        where d.tenant_id = ${t} and d.viewer = 'd:' || l.device_id and d.merged_into is null
        returning d.*
      ), folded as (
        select merged_into as viewer, (array_agg(source order by source_at))[1] as source,
          min(first_visit_day) as first_visit_day, min(first_play_day) as first_play_day,
          min(first_purchase_day) as first_purchase_day, min(source_at) as source_at
        from merged group by merged_into
      )
      insert into analytics_viewer as a (tenant_id, viewer, source, first_visit_day, first_play_day, first_purchase_day, source_at)
      select ${t}, viewer, source, first_visit_day, first_play_day, first_purchase_day, source_at from folded
      on conflict (tenant_id, viewer) do update set
        source = case when excluded.source_at < a.source_at then excluded.source else a.source end,
        source_at = least(a.source_at, excluded.source_at),
        first_visit_day = least(a.first_visit_day, excluded.first_visit_day),
        first_play_day = least(a.first_play_day, excluded.first_play_day),
        first_purchase_day = least(a.first_purchase_day, excluded.first_purchase_day)`);
    await x(sql`insert into analytics_viewer as a (tenant_id, viewer, source, first_visit_day, first_play_day, first_purchase_day, source_at)
      select ${t}, viewer,
        case when bool_or(type = 'visit' and detail = 'invite') then 'invite'
             when ((array_agg(detail order by at, id) filter (where type = 'episode_start'))[1]) in ('banner', 'shorts')
               then (array_agg(detail order by at, id) filter (where type = 'episode_start'))[1]
             else 'direct' end,
        ${day}::date,
        case when bool_or(type = 'episode_start') then ${day}::date end,
        case when bool_or(type = 'purchase') then ${day}::date end,
        min(at)
      from _ev where today group by viewer
      on conflict (tenant_id, viewer) do update set
        source = case
          when excluded.source_at < a.source_at then excluded.source
          when a.source = 'direct' and a.first_play_day is null and excluded.source in ('banner', 'shorts') then excluded.source
          else a.source end,
        source_at = least(a.source_at, excluded.source_at),
        first_visit_day = least(a.first_visit_day, excluded.first_visit_day),
        first_play_day = least(a.first_play_day, excluded.first_play_day),
        first_purchase_day = least(a.first_purchase_day, excluded.first_purchase_day)`);
    // Sign-ups of the day, asked of the account module (its table is its own): a sign-up is a visit too.
    const signUps = await signUpsBetween(tx, t, start, end);
    if (signUps.length > 0)
      await x(sql`insert into analytics_viewer as a (tenant_id, viewer, source, first_visit_day, sign_up_day, source_at)
        select ${t}, 'u:' || s.user_id, 'direct', ${day}::date, ${day}::date, s.created_at
        from unnest(${`{${signUps.map((u) => u.userId).join(',')}}`}::bigint[],
          ${`{${signUps.map((u) => `"${u.createdAt.toISOString()}"`).join(',')}}`}::timestamptz[]) as s(user_id, created_at)
        on conflict (tenant_id, viewer) do update set
          sign_up_day = least(a.sign_up_day, excluded.sign_up_day),
          first_visit_day = least(a.first_visit_day, excluded.first_visit_day)`);

    // The funnel's groups of this tenant, rebuilt from the profiles (see analyticsFunnel).
    await x(sql`delete from analytics_funnel where tenant_id = ${t}`);
    await x(sql`insert into analytics_funnel (tenant_id, first_visit_day, source, first_play_day, sign_up_day, first_purchase_day, viewers)
      select tenant_id, first_visit_day, source, first_play_day, sign_up_day, first_purchase_day, count(*)::int
      from analytics_viewer where tenant_id = ${t} and merged_into is null and first_visit_day is not null
      group by tenant_id, first_visit_day, source, first_play_day, sign_up_day, first_purchase_day`);

    const [count] = await rowsOf<{ n: number }>(tx, sql`select count(*)::int as n from _ev where today`);
    const events = count?.n ?? 0;
    await x(sql`insert into analytics_rollup (tenant_id, day, events, rolled_at)
      values (${t}, ${day}::date, ${events}, ${now.toISOString()}::timestamptz)
      on conflict (tenant_id, day) do update set events = excluded.events, rolled_at = excluded.rolled_at`);
    return { tenantId: t, day, events };
  });
}

/** The job: every tenant's yesterday and today (their time zones), rolled up again. */
export async function rollupRecent(db: Db, clock: Clock): Promise<RollupResult[]> {
  const now = clock.now();
  const tenants = await tenantTimeZones(db);
  const done: RollupResult[] = [];
  for (const tenant of tenants) {
    const today = dayIn(tenant.timeZone, now);
    for (const day of [addDays(today, -1), today]) done.push(await rollupDay(db, tenant, day, now));
  }
  return done;
}
