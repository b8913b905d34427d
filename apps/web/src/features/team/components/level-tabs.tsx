import { TEAM_LEVELS, type api, type CallResult } from '@dramastar/contract';
import type { KeyboardEvent } from 'react';
import { useT } from '../../../shared/i18n';
import { formatCount } from '../lib/format';

type LevelStats = CallResult<typeof api.account.teamLevelStatusStatistic>['levels'];

/** Tabs for levels 1-5, each with its member count. */
export function LevelTabs({
  levels,
  active,
  onChange,
}: {
  levels: LevelStats | undefined;
  active: number;
  onChange: (level: number) => void;
}) {
  const t = useT();
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const step = event.key === 'ArrowRight' ? 1 : -1;
    onChange(((active - 1 + step + TEAM_LEVELS.length) % TEAM_LEVELS.length) + 1);
  };
  return (
    <div className="ds-level-tabs" role="tablist" aria-label={t('team.levelsLabel')} onKeyDown={onKeyDown}>
      {TEAM_LEVELS.map((level) => {
        const selected = level === active;
        const members = levels?.find((l) => l.level === level)?.members;
        return (
          <button
            key={level}
            type="button"
            role="tab"
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            className={selected ? 'ds-level-tabs__tab ds-level-tabs__tab--active' : 'ds-level-tabs__tab'}
            data-testid={`level-tab-${level}`}
            onClick={() => onChange(level)}
          >
            <span className="ds-level-tabs__name">{t('team.levelN', { level })}</span>
            <span className="ds-level-tabs__count" data-testid={`level-tab-${level}-count`}>
              {members === undefined ? '·' : formatCount(members, t.language)}
            </span>
          </button>
        );
      })}
    </div>
  );
}
