import type { DetailedRechargeChannel } from '@dramastar/contract';
import { Alert } from 'antd';
import { type TranslationKey, useT } from '../../../shared/i18n';

/** What to set, per channel the app does not offer while its details are still the demo's. */
const MISSING: Record<DetailedRechargeChannel, TranslationKey> = {
  official: 'config.hidden.official',
  usdt: 'config.hidden.usdt',
};

/**
 * Recharge channels switched on that users are not offered (production, on the demo's details):
 * shown above every tab of the tenant's configuration, so the operator learns what is missing.
 */
export function HiddenChannelsNotice({ hidden }: { hidden: readonly DetailedRechargeChannel[] }) {
  const t = useT();
  if (hidden.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="config-hidden-channels"
      title={t('config.hidden.title')}
      description={
        <ul className="ds-list">
          {hidden.map((channel) => (
            <li key={channel}>{t(MISSING[channel])}</li>
          ))}
        </ul>
      }
    />
  );
}
