import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { useT } from '../i18n';
import { clearReturn } from '../return-to';

/** "Continue watching": back to the episode whose paywall led to a purchase (used once). */
export function ContinueWatching({ to, testId }: { to: string; testId: string }) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <Button
      block
      color="primary"
      shape="rounded"
      data-testid={testId}
      onClick={() => {
        clearReturn();
        void navigate(to, { replace: true });
      }}
    >
      {t('membership.continueWatching')}
    </Button>
  );
}
