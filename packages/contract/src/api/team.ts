import { z } from 'zod';
import { defineCall } from '../call.js';
import {
  buyCopyrightForm,
  copyrightCenter,
  copyrightHolding,
  copyrightRevenueEntry,
  dividendStatus,
  invitationDetail,
  leaderBoard,
  salaryRecord,
  salaryStatus,
  teamMember,
  teamMembersQuery,
} from '../team.js';
import { lazySchema } from '../lazy-schema.js';

const pageQuery = lazySchema(() =>
  z.object({
    pageNum: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  }),
);
const paged = <T extends z.ZodType>(item: T) => z.object({ list: z.array(item), total: z.number().int() });

/** Calls of ours for the team and copyright pages (the spec shows these pages, not their calls). */
export const teamCalls = {
  /** Team members by level, or searched by nickname, invite code or ID (myTeam/search). */
  members: defineCall({
    path: '/team/members',
    auth: 'user',
    query: teamMembersQuery,
    response: lazySchema(() => paged(teamMember)),
  }),
  /** Per direct invitee: what they did and what they brought (copyright-center/invitation-details). */
  invitationDetails: defineCall({
    path: '/team/invitationDetails',
    auth: 'user',
    query: pageQuery,
    response: lazySchema(() => paged(invitationDetail)),
  }),
  copyrights: defineCall({ path: '/copyright/center', auth: 'user', response: copyrightCenter }),
  /** Buys copyrights from the wallet: refused outside the window, beyond the quantity or the user's maximum. */
  buyCopyright: defineCall({
    path: '/copyright/buy',
    auth: 'user',
    body: buyCopyrightForm,
    response: lazySchema(() => z.object({ holding: copyrightHolding, balance: z.string() })),
  }),
  copyrightHoldings: defineCall({
    path: '/copyright/holdings',
    auth: 'user',
    query: pageQuery,
    response: lazySchema(() => paged(copyrightHolding)),
  }),
  copyrightRevenue: defineCall({
    path: '/copyright/revenue',
    auth: 'user',
    query: pageQuery,
    response: lazySchema(() => paged(copyrightRevenueEntry)),
  }),
  salary: defineCall({ path: '/salary/status', auth: 'user', response: salaryStatus }),
  claimSalary: defineCall({
    path: '/salary/claim',
    auth: 'user',
    response: lazySchema(() => z.object({ record: salaryRecord, balance: z.string() })),
  }),
  salaryRecords: defineCall({
    path: '/salary/records',
    auth: 'user',
    query: pageQuery,
    response: lazySchema(() => paged(salaryRecord)),
  }),
  dividend: defineCall({ path: '/dividend/status', auth: 'user', response: dividendStatus }),
  leaders: defineCall({ path: '/leader/board', auth: 'user', response: leaderBoard }),
};
