import { Link } from 'react-router-dom';
import { useT } from '../../../shared/i18n';
import { ROUTES } from '../../../shared/routes';
import { AlertIcon } from '../../../shared/ui';

/**
 * Team rewards are paid only to holders of an active Star Card, from as many levels as their
 * tier reaches. Without one the page says so plainly, with the way to get one.
 */
export function RewardLevelsNotice({ rewardLevels }: { rewardLevels: number }) {
  const t = useT();
  if (rewardLevels <= 0) {
    return (
      <div className="ds-team-notice ds-team-notice--warn" role="note" data-testid="team-needs-card">
        <AlertIcon className="ds-team-notice__icon" />
        <div className="ds-team-notice__text">
          <strong>{t('team.needsCardTitle')}</strong>
          <span>{t('team.needsCardText')}</span>
          <Link className="ds-link" to={ROUTES.starCards} data-testid="team-get-card">
            {t('team.getStarCard')}
          </Link>
        </div>
      </div>
    );
  }
  return (
    <p className="ds-team-notice" data-testid="team-reward-levels">
      {t(rewardLevels >= 5 ? 'team.rewardLevelsAll' : 'team.rewardLevels', { levels: rewardLevels })}
    </p>
  );
}
