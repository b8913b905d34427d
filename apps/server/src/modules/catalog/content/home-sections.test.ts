import { adminContentApi, api } from '@dramastar/contract';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, unchecked } from '../../../test/client.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { walletFixtures } from '../../../test/wallet-fixtures.js';

let t: TestApp;
let admin: ReturnType<typeof caller>;
let app: ReturnType<typeof caller>;
let owner: string;
let editor: string;
/** Published series of tenant 000000 (a, b), a draft of it (draft), a series of tenant 000001 (other). */
const ids = { a: 0, b: 0, draft: 0, other: 0 };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read answers loosely
const data = (res: { status: number; body: any }) => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};

/** A series made through the console; published ones get an episode row (no transcoding needed). */
async function makeSeries(title: string, tenantId: string, publish: boolean): Promise<number> {
  const s = data(
    await admin(adminContentApi.createSeries, {
      token: owner,
      body: { tenantId, title: { en: title }, category: 'romance' },
    }),
  );
  await t.database.query(
    `insert into episode (series_id, number, duration, poster, hls_key, created_at)
     values ($1, 1, 60, '/media/posters/x.jpg', 'hls/x', now())`,
    [s.id],
  );
  if (publish)
    data(
      await admin(adminContentApi.setSeriesStatus, { token: owner, body: { id: s.id, status: 'published' } }),
    );
  return s.id as number;
}

const builtIn = (key: string, visible = true, title: Record<string, string> = { en: '' }) => ({
  key,
  visible,
  title,
});
const DEFAULT_KEYS = ['hot', 'new', 'free', 'ranking'];

const home = async (lang = 'en', tenantId = '000000') =>
  data(await app(api.video.homeSeries, { query: { tenantId }, lang })) as {
    sections: { key: string; title: string | null; series: { id: number }[] }[];
  };
const listed = async (tenantId = '000000', token = editor) =>
  data(await admin(adminContentApi.homeSections, { token, query: { tenantId } }));
const save = (sections: unknown[], token = editor, tenantId = '000000') =>
  admin(adminContentApi.saveHomeSections, { token, body: unchecked({ tenantId, sections }) });
const auditCount = async () =>
  (
    await t.database.query<{ n: number }>(
      "select count(*)::int as n from audit_log where action = 'home.sections'",
    )
  )[0]!.n;

beforeAll(async () => {
  t = await buildTestApp({ DEMO_CONTENT: 'true', MEDIA_DIR: mkdtempSync(join(tmpdir(), 'ds-sections-')) });
  const f = walletFixtures(t);
  admin = caller(t.app, '/admin-api');
  app = caller(t.app);
  owner = await f.operator('owner', []);
  editor = await f.operator('content', ['000000']);
  ids.a = await makeSeries('Alpha Love', '000000', true);
  ids.b = await makeSeries('Beta Hearts', '000000', true);
  ids.draft = await makeSeries('Gamma Draft', '000000', false);
  ids.other = await makeSeries('Elsewhere', '000001', true);
});
afterAll(() => t.close());

describe('home sections', () => {
  it('shows the four built-in sections in their default order when the tenant has stored none', async () => {
    const list = await listed();
    expect(list).toMatchObject({ tenantId: '000000', isDefault: true, updatedAt: null });
    expect(list.sections).toEqual(
      DEFAULT_KEYS.map((key) => ({ key, kind: 'auto', visible: true, title: { en: '' }, seriesIds: [] })),
    );
    const answer = await home();
    expect(answer.sections.map((s) => [s.key, s.title])).toEqual(DEFAULT_KEYS.map((k) => [k, null]));
    expect(answer.sections[0]!.series.map((s) => s.id).sort()).toEqual([ids.a, ids.b].sort());
    const options = data(
      await admin(adminContentApi.sectionSeries, { token: editor, query: { tenantId: '000000' } }),
    );
    expect(options.list.map((s: { id: number; status: string }) => [s.id, s.status])).toEqual([
      [ids.a, 'published'],
      [ids.b, 'published'],
      [ids.draft, 'draft'],
    ]);
  });

  it('saves order, visibility, titles and a custom section, which the app shows at once', async () => {
    const auditsBefore = await auditCount();
    const saved = data(
      await save([
        builtIn('ranking', true, { en: 'Editors’ ranking', vn: 'Bảng xếp hạng', id: '' }),
        {
          key: 'picks',
          visible: true,
          title: { en: 'Our picks', vn: '', id: 'Pilihan kami' },
          seriesIds: [ids.b, ids.draft, ids.a],
        },
        builtIn('hot'),
        builtIn('new', false),
        builtIn('free'),
      ]),
    );
    expect(saved.isDefault).toBe(false);
    expect(saved.updatedAt).not.toBeNull();
    expect(saved.sections).toEqual([
      {
        key: 'ranking',
        kind: 'auto',
        visible: true,
        title: { en: 'Editors’ ranking', vn: 'Bảng xếp hạng' },
        seriesIds: [],
      },
      {
        key: 'picks',
        kind: 'custom',
        visible: true,
        title: { en: 'Our picks', id: 'Pilihan kami' },
        seriesIds: [ids.b, ids.draft, ids.a],
      },
      { key: 'hot', kind: 'auto', visible: true, title: { en: '' }, seriesIds: [] },
      { key: 'new', kind: 'auto', visible: false, title: { en: '' }, seriesIds: [] },
      { key: 'free', kind: 'auto', visible: true, title: { en: '' }, seriesIds: [] },
    ]);
    expect(await listed()).toEqual(saved);

    // The app: in that order, the hidden section gone, the draft skipped, titles per language.
    const en = await home('en');
    expect(en.sections.map((s) => [s.key, s.title])).toEqual([
      ['ranking', 'Editors’ ranking'],
      ['picks', 'Our picks'],
      ['hot', null],
      ['free', null],
    ]);
    expect(en.sections[1]!.series.map((s) => s.id)).toEqual([ids.b, ids.a]);
    expect((await home('vn')).sections.map((s) => s.title)).toEqual([
      'Bảng xếp hạng',
      'Our picks',
      null,
      null,
    ]);
    expect((await home('id')).sections.map((s) => s.title)).toEqual([
      'Editors’ ranking',
      'Pilihan kami',
      null,
      null,
    ]);
    // Another tenant keeps its defaults.
    expect((await home('en', '000001')).sections.map((s) => s.key)).toEqual(DEFAULT_KEYS);

    // Read on every request: publishing the draft puts it in its place, unpublishing takes it out.
    data(
      await admin(adminContentApi.setSeriesStatus, {
        token: editor,
        body: { id: ids.draft, status: 'published' },
      }),
    );
    expect((await home()).sections[1]!.series.map((s) => s.id)).toEqual([ids.b, ids.draft, ids.a]);
    data(
      await admin(adminContentApi.setSeriesStatus, {
        token: editor,
        body: { id: ids.draft, status: 'draft' },
      }),
    );
    expect((await home()).sections[1]!.series.map((s) => s.id)).toEqual([ids.b, ids.a]);

    // One audit entry with the list before (the defaults) and after.
    expect(await auditCount()).toBe(auditsBefore + 1);
    const [entry] = await t.database.query<{
      tenant_id: string;
      target: string;
      before: { isDefault: boolean; sections: { key: string }[] };
      after: { sections: { key: string; visible: boolean }[] };
    }>(
      "select tenant_id, target, before, after from audit_log where action = 'home.sections' order by id desc limit 1",
    );
    expect(entry).toMatchObject({ tenant_id: '000000', target: 'tenant:000000' });
    expect(entry!.before.isDefault).toBe(true);
    expect(entry!.before.sections.map((s) => s.key)).toEqual(DEFAULT_KEYS);
    expect(entry!.after.sections.map((s) => [s.key, s.visible])).toEqual([
      ['ranking', true],
      ['picks', true],
      ['hot', true],
      ['new', false],
      ['free', true],
    ]);
  });

  it('refuses invalid lists with 400 naming the field, changing nothing', async () => {
    const before = await listed();
    const audits = await auditCount();
    const base = DEFAULT_KEYS.map((key) => builtIn(key));
    const custom = (over: Record<string, unknown> = {}) => ({
      key: 'extra',
      visible: true,
      title: { en: 'Extra' },
      seriesIds: [ids.a],
      ...over,
    });
    const cases: [string, unknown[], string, string][] = [
      [
        'unknown series',
        [...base, custom({ seriesIds: [ids.a, 99_999_999] })],
        'HomeSectionSeriesUnknown',
        'sections.4.seriesIds.1',
      ],
      [
        'another tenant’s series',
        [...base, custom({ seriesIds: [ids.other] })],
        'HomeSectionSeriesUnknown',
        'sections.4.seriesIds.0',
      ],
      [
        'a built-in section deleted',
        base.filter((s) => s.key !== 'free'),
        'HomeSectionBuiltInRequired',
        'sections',
      ],
      [
        'too many sections',
        [...base, ...Array.from({ length: 9 }, (_, i) => custom({ key: `extra-${i}` }))],
        'HomeSectionsTooMany',
        'sections',
      ],
      ['duplicate keys', [...base, custom(), custom()], 'HomeSectionKeyDuplicate', 'sections.5.key'],
      ['a built-in key twice', [...base, builtIn('hot')], 'HomeSectionKeyDuplicate', 'sections.4.key'],
      [
        'a custom section without title',
        [...base, custom({ title: { en: ' ', vn: 'X' } })],
        'HomeSectionTitleRequired',
        'sections.4.title.en',
      ],
      [
        'a custom section without series',
        [...base, custom({ seriesIds: [] })],
        'HomeSectionSeriesCount',
        'sections.4.seriesIds',
      ],
      [
        'a custom section with 21 series',
        [...base, custom({ seriesIds: Array.from({ length: 21 }, (_, i) => i + 1) })],
        'HomeSectionSeriesCount',
        'sections.4.seriesIds',
      ],
      [
        'a series twice',
        [...base, custom({ seriesIds: [ids.a, ids.a] })],
        'ConfigDuplicate',
        'sections.4.seriesIds.1',
      ],
      [
        'series on a built-in section',
        [{ ...builtIn('hot'), seriesIds: [ids.a] }, ...base.slice(1)],
        'HomeSectionBuiltInSeries',
        'sections.0.seriesIds',
      ],
      ['a malformed key', [...base, custom({ key: 'Not A Key' })], 'ValidationFailed', 'sections.4.key'],
      [
        'a title too long',
        [...base, custom({ title: { en: 'x'.repeat(41) } })],
        'ValidationFailed',
        'sections.4.title.en',
      ],
    ];
    for (const [name, sections, errorKey, field] of cases) {
      const res = await save(sections);
      expect([res.status, res.body.errorKey, res.body.field], name).toEqual([400, errorKey, field]);
      expect(res.body.msg, name).not.toBe('');
    }
    const unknownTenant = await save(base, owner, '999999');
    expect([unknownTenant.status, unknownTenant.body.errorKey]).toEqual([404, 'TenantNotFound']);
    expect(await listed()).toEqual(before);
    expect(await auditCount()).toBe(audits);
  });

  it('takes two saves of one tenant at once one after the other', async () => {
    const first = DEFAULT_KEYS.map((key) => builtIn(key, key !== 'free'));
    const second = [...DEFAULT_KEYS].reverse().map((key) => builtIn(key));
    const answers = await Promise.all([save(first), save(second)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const keys = (await listed()).sections.map(
      (s: { key: string; visible: boolean }) => `${s.key}:${s.visible}`,
    );
    expect([
      ['hot:true', 'new:true', 'free:false', 'ranking:true'],
      ['ranking:true', 'free:true', 'new:true', 'hot:true'],
    ]).toContainEqual(keys);
  });

  it('answers refusals in the request language', async () => {
    const res = await admin(adminContentApi.saveHomeSections, {
      token: editor,
      lang: 'vn',
      body: { tenantId: '000000', sections: DEFAULT_KEYS.slice(1).map((key) => builtIn(key)) },
    });
    expect([res.status, res.body.msg]).toEqual([
      400,
      'Không thể xóa các mục có sẵn (hot, new, free, ranking): hãy ẩn chúng',
    ]);
  });
});

describe('home sections: roles and tenants', () => {
  it('refuses finance and support (403)', async () => {
    const f = walletFixtures(t);
    for (const role of ['finance', 'support'] as const) {
      const token = await f.operator(role, ['000000']);
      expect(
        (await admin(adminContentApi.homeSections, { token, query: { tenantId: '000000' } })).status,
        role,
      ).toBe(403);
      expect(
        (
          await save(
            DEFAULT_KEYS.map((key) => builtIn(key)),
            token,
          )
        ).status,
        role,
      ).toBe(403);
      expect(
        (await admin(adminContentApi.sectionSeries, { token, query: { tenantId: '000000' } })).status,
        role,
      ).toBe(403);
    }
  });

  it('keeps a content operator inside their tenants; an owner reaches every tenant', async () => {
    const before = await listed();
    const otherEditor = await walletFixtures(t).operator('content', ['000001']);
    const sections = DEFAULT_KEYS.map((key) => builtIn(key, key !== 'hot'));
    const denied = [
      await admin(adminContentApi.homeSections, { token: otherEditor, query: { tenantId: '000000' } }),
      await save(sections, otherEditor, '000000'),
      await admin(adminContentApi.sectionSeries, { token: otherEditor, query: { tenantId: '000000' } }),
      await save(sections, editor, '000001'),
    ];
    expect(denied.map((r) => [r.status, r.body.errorKey])).toEqual(denied.map(() => [403, 'Forbidden']));
    expect(await listed()).toEqual(before);
    // Their own tenant they may change; so may the owner, any tenant.
    data(await save(sections, otherEditor, '000001'));
    expect((await home('en', '000001')).sections.map((s) => s.key)).toEqual(['new', 'free', 'ranking']);
    data(
      await save(
        DEFAULT_KEYS.map((key) => builtIn(key)),
        owner,
        '000001',
      ),
    );
    expect((await home('en', '000001')).sections.map((s) => s.key)).toEqual(DEFAULT_KEYS);
  });
});
