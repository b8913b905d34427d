import { adminContentApi, api } from '@dramastar/contract';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaLayout } from '../../../media/storage.js';
import { caller } from '../../../test/client.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { walletFixtures } from '../../../test/wallet-fixtures.js';

/** The console's subtitle calls: upload (new or replacing), check, preview, delete; each refusal. */
const MEDIA = mkdtempSync(join(tmpdir(), 'ds-subs-console-'));
const PRIVATE = mediaLayout(MEDIA).private;
let t: TestApp;
let admin: ReturnType<typeof caller>;
let editor: string;
let finance: string;
let owner: string;
let episodeId = 0;
let otherTenantEpisode = 0;

const SRT =
  '\ufeff1\r\n00:00:00,500 --> 00:00:01,500\r\nXin chào\r\n\r\n2\r\n00:00:02,000 --> 00:00:03,000\r\n<i>Tạm biệt</i>\r\n';
const BAD = '1\n00:00:01,000 --> 00:00:02,000\nA\n\n2\n00:00:05,000 --> 00:00:03,000\nB\n';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read answers loosely
const data = (res: { status: number; body: any }) => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};

async function episode(tenantId: string, slug: string): Promise<number> {
  const [s] = await t.database.query<{ id: number }>(
    `insert into series (tenant_id, slug, title, description, cover, tags, category, free_episodes, status, created_at)
     values ($1, $2, '{"en":"S"}', '{"en":""}', '/media/covers/x.jpg', '[]', 'romance', 5, 'published', now()) returning id`,
    [tenantId, slug],
  );
  const [e] = await t.database.query<{ id: number }>(
    `insert into episode (series_id, number, duration, poster, hls_key, created_at)
     values ($1, 1, 60, '/media/covers/x.jpg', $2, now()) returning id`,
    [s!.id, `hls/${slug}/1`],
  );
  return e!.id;
}

const tracksOf = (id: number) =>
  t.database.query<{ language: string; storage_key: string }>(
    'select language, storage_key from subtitle_track where episode_id = $1 order by language',
    [id],
  );
const files = (id: number, tenantId = '000000') => {
  const dir = join(PRIVATE, 'subtitles', tenantId, String(id));
  return existsSync(dir) ? readdirSync(dir).filter((f) => !f.endsWith('.tmp')) : [];
};
const upload = (token: string, body: { language: string; text: string; label?: string }) =>
  admin(adminContentApi.uploadSubtitle, { token, body: { episodeId, ...body } });

beforeAll(async () => {
  t = await buildTestApp({ MEDIA_DIR: MEDIA, LOG_LEVEL: 'warn' });
  await t.database.query(
    `insert into tenant (id, name, currency, default_language, time_zone, invite_url)
     values ('000001', 'Other', 'PHP', 'en', 'UTC', 'http://x') on conflict do nothing`,
  );
  const f = walletFixtures(t);
  admin = caller(t.app, '/admin-api');
  editor = await f.operator('content', ['000000']);
  finance = await f.operator('finance', ['000000']);
  owner = await f.operator('owner', []);
  episodeId = await episode('000000', 'subs-console');
  otherTenantEpisode = await episode('000001', 'subs-console-other');
});
afterAll(() => t.close());

describe('uploading a track', () => {
  it('converts an SRT to WebVTT, labels it in its own language, lists and previews it, and audits it', async () => {
    const done = data(await upload(editor, { language: 'vi', text: SRT }));
    expect(done.replaced).toBe(false);
    expect(done.track).toMatchObject({
      language: 'vi',
      label: 'Tiếng Việt',
      cueCount: 2,
      operator: expect.stringMatching(/^op_content_/),
    });
    expect(done.check).toMatchObject({
      format: 'srt',
      cueCount: 2,
      preview: [
        { start: 500, end: 1500, text: 'Xin chào' },
        { start: 2000, end: 3000, text: 'Tạm biệt' },
      ],
    });
    const [row] = await tracksOf(episodeId);
    const stored = readFileSync(join(PRIVATE, row!.storage_key), 'utf8');
    expect(stored).toBe(
      'WEBVTT\n\n00:00:00.500 --> 00:00:01.500\nXin chào\n\n00:00:02.000 --> 00:00:03.000\n<i>Tạm biệt</i>\n',
    );
    expect(done.track.bytes).toBe(Buffer.byteLength(stored));

    const list = data(await admin(adminContentApi.subtitles, { token: editor, body: { episodeId } })).list;
    expect(list).toEqual([done.track]);
    const preview = data(
      await admin(adminContentApi.subtitlePreview, { token: editor, body: { episodeId, language: 'VI' } }),
    );
    expect(preview.check.preview[1].text).toBe('Tạm biệt');

    // The app's play answer lists it.
    const play = await caller(t.app)(api.video.play, { params: { videoId: episodeId } });
    expect(play.body.data.subtitles).toEqual([
      { language: 'vi', label: 'Tiếng Việt', url: expect.stringMatching(/\/sub_vi\.vtt$/) },
    ]);

    const [entry] = await t.database.query<{
      action: string;
      target: string;
      before: unknown;
      after: unknown;
    }>("select action, target, before, after from audit_log where action like 'subtitle.%' order by id");
    expect(entry).toEqual({
      action: 'subtitle.save',
      target: `episode:${episodeId}`,
      before: null,
      after: { language: 'vi', label: 'Tiếng Việt', bytes: done.track.bytes, cueCount: 2 },
    });
  });

  it('replaces the track in the same language: one row, the old file removed, the audit holds both', async () => {
    const [old] = await tracksOf(episodeId);
    const done = data(
      await upload(editor, {
        language: 'vi',
        label: 'Tiếng Việt (CC)',
        text: 'WEBVTT\n\n00:01.000 --> 00:02.000\nMột\n',
      }),
    );
    expect(done.replaced).toBe(true);
    expect(done.track).toMatchObject({ label: 'Tiếng Việt (CC)', cueCount: 1 });
    const rows = await tracksOf(episodeId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.storage_key).not.toBe(old!.storage_key);
    expect(existsSync(join(PRIVATE, old!.storage_key))).toBe(false);
    expect(files(episodeId)).toHaveLength(1);
    const [entry] = await t.database.query<{ before: { cueCount: number }; after: { label: string } }>(
      "select before, after from audit_log where action = 'subtitle.save' order by id desc limit 1",
    );
    expect(entry!.before.cueCount).toBe(2);
    expect(entry!.after.label).toBe('Tiếng Việt (CC)');
  });

  it('takes any language code, made lowercase, with its own name as the label', async () => {
    for (const [code, language, label] of [
      ['ID', 'id', 'Bahasa Indonesia'],
      ['en', 'en', 'English'],
      ['pt_BR', 'pt-br', 'Português (Brasil)'],
      ['th', 'th', 'ไทย'],
    ] as const) {
      const done = data(await upload(editor, { language: code, text: SRT }));
      expect(done.track).toMatchObject({ language, label });
    }
    const list = data(await admin(adminContentApi.subtitles, { token: editor, body: { episodeId } })).list;
    expect(list.map((x: { language: string }) => x.language)).toEqual(['en', 'id', 'pt-br', 'th', 'vi']);
  });

  it('checks a file before saving it (the preview), writing nothing', async () => {
    const before = files(episodeId).length;
    const check = data(await admin(adminContentApi.checkSubtitle, { token: editor, body: { text: SRT } }));
    expect(check).toMatchObject({ format: 'srt', cueCount: 2 });
    expect(files(episodeId)).toHaveLength(before);
  });
});

describe('refusals', () => {
  it('a code that is not a language: 400 naming the field, nothing written', async () => {
    const before = files(episodeId).length;
    for (const language of ['english', 'e', 'xx', 'en us', '../vi', '']) {
      const res = await upload(editor, { language, text: SRT });
      expect(res.status, language).toBe(400);
      expect(res.body).toMatchObject({ errorKey: 'SubtitleLanguageInvalid', field: 'language' });
    }
    expect(files(episodeId)).toHaveLength(before);
  });

  it('a bad file: 400 naming the line, in upload and check alike, nothing written', async () => {
    const before = await tracksOf(episodeId);
    const count = files(episodeId).length;
    for (const call of [
      () => upload(editor, { language: 'ms', text: BAD }),
      () => admin(adminContentApi.checkSubtitle, { token: editor, body: { text: BAD } }),
    ]) {
      const res = await call();
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        errorKey: 'SubtitleInvalid',
        field: 'text',
        msg: 'This subtitle file cannot be used: Line 6: the end time 00:00:03,000 is before the start',
        data: { line: 6 },
      });
    }
    expect(await tracksOf(episodeId)).toEqual(before);
    expect(files(episodeId)).toHaveLength(count);
  });

  it('a file over 512 KB: 413', async () => {
    const big = `1\n00:00:01,000 --> 00:00:02,000\n${'á'.repeat(270 * 1024)}\n`;
    const res = await upload(editor, { language: 'ms', text: big });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ errorKey: 'SubtitleTooLarge', field: 'text' });
    expect((await tracksOf(episodeId)).map((r) => r.language)).not.toContain('ms');
  });

  it("another tenant's episode: 403 for a tenant's editor, nothing written; the owner may", async () => {
    for (const call of [
      () =>
        admin(adminContentApi.uploadSubtitle, {
          token: editor,
          body: { episodeId: otherTenantEpisode, language: 'en', text: SRT },
        }),
      () => admin(adminContentApi.subtitles, { token: editor, body: { episodeId: otherTenantEpisode } }),
      () =>
        admin(adminContentApi.deleteSubtitle, {
          token: editor,
          body: { episodeId: otherTenantEpisode, language: 'en' },
        }),
    ]) {
      const res = await call();
      expect(res.status).toBe(403);
    }
    expect(await tracksOf(otherTenantEpisode)).toEqual([]);
    expect(files(otherTenantEpisode, '000001')).toEqual([]);
    data(
      await admin(adminContentApi.uploadSubtitle, {
        token: owner,
        body: { episodeId: otherTenantEpisode, language: 'en', text: SRT },
      }),
    );
    expect(files(otherTenantEpisode, '000001')).toHaveLength(1);
  });

  it('a role without content rights: 403; an unknown episode: 404', async () => {
    const res = await upload(finance, { language: 'en', text: SRT });
    expect(res.status).toBe(403);
    const list = await admin(adminContentApi.subtitles, { token: finance, body: { episodeId } });
    expect(list.status).toBe(403);
    const missing = await admin(adminContentApi.uploadSubtitle, {
      token: editor,
      body: { episodeId: 99_999_999, language: 'en', text: SRT },
    });
    expect(missing.status).toBe(404);
    expect(missing.body.field).toBe('episodeId');
  });
});

describe('deleting a track', () => {
  it('removes its row and file and audits it; a second delete is 404', async () => {
    const [row] = (await tracksOf(episodeId)).filter((r) => r.language === 'th');
    const left = data(
      await admin(adminContentApi.deleteSubtitle, { token: editor, body: { episodeId, language: 'th' } }),
    ).list;
    expect(left.map((x: { language: string }) => x.language)).toEqual(['en', 'id', 'pt-br', 'vi']);
    expect(existsSync(join(PRIVATE, row!.storage_key))).toBe(false);
    const [entry] = await t.database.query<{ action: string; before: { language: string }; after: unknown }>(
      "select action, before, after from audit_log where action = 'subtitle.delete'",
    );
    expect(entry).toMatchObject({ before: { language: 'th' }, after: null });
    const again = await admin(adminContentApi.deleteSubtitle, {
      token: editor,
      body: { episodeId, language: 'th' },
    });
    expect(again.status).toBe(404);
    expect(again.body.field).toBe('language');
  });

  it("deleting the episode takes its tracks' files with it", async () => {
    const id = await episode('000000', 'subs-console-gone');
    // A second episode, so the published series keeps one.
    await t.database.query(
      `insert into episode (series_id, number, duration, poster, hls_key, created_at)
       select series_id, 2, 60, poster, 'hls/x/2', now() from episode where id = $1`,
      [id],
    );
    data(
      await admin(adminContentApi.uploadSubtitle, {
        token: editor,
        body: { episodeId: id, language: 'en', text: SRT },
      }),
    );
    expect(files(id)).toHaveLength(1);
    data(await admin(adminContentApi.deleteEpisode, { token: editor, body: { episodeId: id } }));
    expect(await tracksOf(id)).toEqual([]);
    expect(files(id)).toEqual([]);
  });
});
