import type { DetailedRechargeChannel } from '@dramastar/contract';
import { Alert } from 'antd';

/** What to set, per channel the app does not offer while its details are still the demo's. */
const MISSING: Record<DetailedRechargeChannel, string> = {
  official:
    'Bank transfer is hidden from users until you set the collection account: the bank and account number under Wallet → Official bank transfer are still the demo’s.',
  usdt: 'USDT recharge is hidden from users until you set the deposit address: the address under Wallet → USDT (TRC20) recharge is still the demo’s.',
};

/**
 * Recharge channels switched on that users are not offered (production, on the demo's details):
 * shown above every tab of the tenant's configuration, so the operator learns what is missing.
 */
export function HiddenChannelsNotice({ hidden }: { hidden: readonly DetailedRechargeChannel[] }) {
  if (hidden.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="config-hidden-channels"
      title="Users cannot recharge on every channel that is switched on"
      description={
        <ul style={{ margin: 0, paddingInlineStart: 20 }}>
          {hidden.map((channel) => (
            <li key={channel}>{MISSING[channel]}</li>
          ))}
        </ul>
      }
    />
  );
}
