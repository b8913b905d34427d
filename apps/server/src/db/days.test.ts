import { and, gte, lt, sql } from 'drizzle-orm';
import { pgTable, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/database.js';
import type { Database } from './client.js';
import { tenantDayRange } from './days.js';
import { rowsOf } from './rows.js';

const happened = pgTable('happened', { at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull() });

describe('tenantDayRange', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db.execute(sql`create table happened (at timestamptz not null)`);
    // London's clocks go forward at 01:00 UTC on 29 March 2026: that day has 23 hours.
    await database.query(`insert into happened values ($1), ($2), ($3), ($4), ($5)`, [
      '2026-03-27T23:59:59Z', // 27 March, before the range
      '2026-03-28T00:00:00Z', // the first day's midnight
      '2026-03-28T23:30:00Z', // still 28 March (GMT)
      '2026-03-29T22:59:59Z', // the last second of 29 March (BST)
      '2026-03-29T23:00:00Z', // 30 March's midnight (BST), after the range
    ]);
  });
  afterAll(() => database.close());

  it('bounds the days by the time zone’s midnights and names each time’s local day', async () => {
    const days = tenantDayRange('2026-03-28', '2026-03-29', 'Europe/London');
    const expected = [
      { day: '2026-03-28', n: 2 },
      { day: '2026-03-29', n: 1 },
    ];
    // A column written by name, in raw SQL…
    expect(
      await rowsOf<{ day: string; n: number }>(
        database.db,
        sql`select ${days.localDay('at')} as day, count(*)::int as n from happened
            where at >= ${days.start} and at < ${days.end} group by 1 order by 1`,
      ),
    ).toEqual(expected);
    // …and a drizzle column, in the query builder.
    const rows = await database.db
      .select({ day: days.localDay(happened.at), n: sql<number>`count(*)::int` })
      .from(happened)
      .where(and(gte(happened.at, days.start), lt(happened.at, days.end)))
      .groupBy(sql`1`)
      .orderBy(sql`1`);
    expect(rows).toEqual(expected);
    expect(days).toMatchObject({ from: '2026-03-28', to: '2026-03-29', timeZone: 'Europe/London' });
  });
});
