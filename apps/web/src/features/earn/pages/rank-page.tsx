import type { CurrencyKey } from '@dramastar/contract';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { openLoginPanel } from '../../../shared/auth/login-panel-store';
import { useUserInfo } from '../../../shared/api/user-info';
import { useT } from '../../../shared/i18n';
import { formatMoney } from '../../../shared/money';
import { useSession } from '../../../shared/store/session';
import { EmptyState, FooterBar, Segmented, TopTabs, TrophyIcon } from '../../../shared/ui';
import { useRanking, type RankScope, type RankType, type Ranking } from '../api/ranking';
import { PersonAvatar } from '../components/person-avatar';
import { EarnPage, LoadError, Loading } from '../components/shell';
import { rankRows, type Medal } from '../lib/ranking';

function useValueText() {
  const t = useT();
  return (type: RankType, value: string, currency: CurrencyKey) =>
    type === 'earnings'
      ? formatMoney(value, currency)
      : t(value === '1' ? 'rank.friendsOne' : 'rank.friends', { count: value });
}

function RankBadge({ rank, medal, tied }: { rank: number; medal: Medal | null; tied: boolean }) {
  const t = useT();
  const label = t(tied ? 'rank.placeTied' : 'rank.place', { rank });
  return (
    <span
      className={medal ? `ds-rank__badge ds-rank__badge--${medal}` : 'ds-rank__badge'}
      aria-label={label}
      title={label}
    >
      {rank}
    </span>
  );
}

function Board({ data, dim }: { data: Ranking; dim: boolean }) {
  const t = useT();
  const valueText = useValueText();
  const rows = rankRows(data.list);
  if (rows.length === 0) {
    return (
      <EmptyState
        testId="rank-empty"
        icon={<TrophyIcon />}
        title={t('rank.emptyTitle')}
        description={t(data.day ? 'rank.emptyToday' : 'rank.emptyOverall')}
      />
    );
  }
  return (
    <ol className={dim ? 'ds-rank ds-rank--stale' : 'ds-rank'} data-testid="rank-list">
      {rows.map((row, index) => (
        <li
          key={`${row.rank}-${index}`}
          className={row.medal ? `ds-rank__row ds-rank__row--${row.medal}` : 'ds-rank__row'}
          data-testid="rank-row"
          data-rank={row.rank}
        >
          <RankBadge rank={row.rank} medal={row.medal} tied={row.tied} />
          <PersonAvatar src={row.avatar} name={row.nickname} size={38} />
          <span className="ds-rank__name">
            {row.nickname}
            {row.tied && <span className="ds-rank__tie">{t('rank.tie')}</span>}
          </span>
          <strong className="ds-rank__value">{valueText(data.type, row.value, data.currency)}</strong>
        </li>
      ))}
    </ol>
  );
}

/** The viewer's own place, pinned to the bottom of the page. */
function MyPlace({ data }: { data: Ranking | undefined }) {
  const t = useT();
  const hasLogin = useSession((s) => s.hasLogin);
  const user = useUserInfo();
  const valueText = useValueText();
  if (!hasLogin) {
    return (
      <FooterBar>
        <div className="ds-rank-me" data-testid="rank-me-guest">
          <span className="ds-rank-me__text">{t('rank.guestPlace')}</span>
          <Button size="small" shape="rounded" color="primary" onClick={() => openLoginPanel()}>
            {t('auth.login')}
          </Button>
        </div>
      </FooterBar>
    );
  }
  const me = data?.me;
  if (!data || !me) return null;
  return (
    <FooterBar>
      <div className="ds-rank-me" data-testid="rank-me">
        <span className="ds-rank-me__place" data-testid="rank-me-rank">
          {me.rank === null ? '—' : me.rank}
        </span>
        <PersonAvatar src={user?.avatar ?? null} name={user?.nickname ?? ''} size={36} />
        <span className="ds-rank-me__text">
          <span className="ds-rank__name">{user?.nickname ?? t('rank.you')}</span>
          <span className="ds-muted">
            {me.rank === null ? t('rank.notRanked') : t('rank.yourPlace', { rank: me.rank })}
          </span>
        </span>
        <strong className="ds-rank__value" data-testid="rank-me-value">
          {valueText(data.type, me.value, data.currency)}
        </strong>
      </div>
    </FooterBar>
  );
}

function RankContent() {
  const t = useT();
  const [type, setType] = useState<RankType>('earnings');
  const [scope, setScope] = useState<RankScope>('overall');
  const ranking = useRanking(type, scope);
  const current = ranking.data && ranking.data.type === type ? ranking.data : undefined;

  let body;
  if (ranking.isPending) body = <Loading />;
  else if (ranking.isError) body = <LoadError error={ranking.error} onRetry={() => void ranking.refetch()} />;
  else body = <Board data={ranking.data} dim={ranking.isPlaceholderData} />;

  return (
    <>
      <TopTabs
        tabs={[
          { key: 'earnings', title: t('rank.earnings'), testId: 'rank-tab-earnings' },
          { key: 'invites', title: t('rank.invites'), testId: 'rank-tab-invites' },
        ]}
        activeKey={type}
        onChange={setType}
      />
      <Segmented
        className="ds-rank__scope"
        ariaLabel={t('rank.scope')}
        options={(['overall', 'today'] as const).map((option) => ({
          value: option,
          label: t(option === 'overall' ? 'rank.overall' : 'rank.today'),
          testId: `rank-scope-${option}`,
        }))}
        value={scope}
        onChange={setScope}
      />
      <p className="ds-earn__note">{t(type === 'earnings' ? 'rank.earningsHint' : 'rank.invitesHint')}</p>
      {body}
      <MyPlace data={ranking.isPlaceholderData ? undefined : current} />
    </>
  );
}

/** /pages/earn/rank: the rank board by earnings or invitations, overall or today. */
export default function RankPage() {
  const t = useT();
  return (
    <EarnPage title={t('rank.title')} personal={false}>
      <RankContent />
    </EarnPage>
  );
}
