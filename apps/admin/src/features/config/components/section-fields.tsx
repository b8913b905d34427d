import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  CURRENCIES,
  CURRENCY_KEYS,
  type CurrencyKey,
  LANGUAGE_KEYS,
  MAX_FEE_BPS,
  MEMBERSHIP_TIERS,
  type PointsRules,
  privilegesOf,
  TASK_KINDS,
  TASK_PERIODS,
} from '@dramastar/contract';
import {
  Alert,
  Button,
  Card,
  Col,
  Form,
  type FormListFieldData,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Switch,
  Tag,
} from 'antd';
import { createContext, type ReactNode, useContext } from 'react';
import { bpsToPercent, moneyText } from '../lib/labels';

const amountRule = { pattern: /^\d{1,15}(\.\d{1,6})?$/, message: 'An amount such as 100 or 99.5' };
const required = { required: true, message: 'Required' };
const CONTACT_KINDS = ['telegram', 'whatsapp', 'email', 'chat'] as const;
const tags = (testId: string) => (
  <Select mode="tags" tokenSeparators={[',', ' ']} open={false} data-testid={testId} />
);

/** The tenant's currency: amounts are typed and shown in it (₱5,000.00, never minor units). */
export const CurrencyContext = createContext<CurrencyKey>('PHP');

function Amount({
  name,
  label,
  testId,
  currency,
}: {
  name: (string | number)[];
  label: string;
  testId?: string;
  /** Another currency than the tenant's (USDT amounts). */
  currency?: CurrencyKey;
}) {
  const tenantCurrency = useContext(CurrencyContext);
  const unit = currency ?? tenantCurrency;
  const value = Form.useWatch<unknown>(name);
  const shown = typeof value === 'string' && amountRule.pattern.test(value) ? moneyText(value, unit) : null;
  return (
    <Form.Item name={name} label={label} rules={[required, amountRule]} extra={shown}>
      <Input data-testid={testId} prefix={CURRENCIES[unit].symbol} />
    </Form.Item>
  );
}

/** The allowed range of a whole number in words, checked on the field (never clamped). */
function rangeRule(min: number, max: number | undefined) {
  const words =
    max === undefined
      ? `A whole number, at least ${min}`
      : `A whole number from ${min} to ${max.toLocaleString('en')}`;
  return {
    validator: async (_: unknown, value: unknown) => {
      if (value === null || value === undefined || value === '') return;
      const n = Number(value);
      if (!Number.isInteger(n) || n < min || (max !== undefined && n > max)) throw new Error(words);
    },
  };
}

function Count({
  name,
  label,
  min = 0,
  max,
  testId,
}: {
  name: (string | number)[];
  label: string;
  min?: number;
  max?: number;
  testId?: string;
}) {
  return (
    <Form.Item name={name} label={label} rules={[required, rangeRule(min, max)]}>
      <InputNumber style={{ width: '100%' }} data-testid={testId} />
    </Form.Item>
  );
}

/**
 * A fee or rate kept in basis points and typed as a percentage (5 = 5 %), from 0 % to 50 %.
 * Out of range is an error on the field with the range in words; nothing is changed to fit.
 */
function Percent({
  name,
  label,
  noun = 'fee',
  testId,
}: {
  name: (string | number)[];
  label: string;
  noun?: 'fee' | 'rate';
  testId?: string;
}) {
  const words = `A ${noun} from 0 % to ${bpsToPercent(MAX_FEE_BPS)}, at most 2 decimals`;
  return (
    <Form.Item
      name={name}
      label={label}
      // The form keeps basis points (what is saved); the field shows and takes a percentage.
      getValueProps={(bps: unknown) => ({ value: typeof bps === 'number' ? bps / 100 : bps })}
      normalize={(percent: unknown) => {
        if (typeof percent !== 'number') return percent;
        const bps = percent * 100;
        // 5.25 % is 525 bps; a third decimal stays a fraction, which the rule refuses.
        return Math.abs(bps - Math.round(bps)) < 1e-6 ? Math.round(bps) : bps;
      }}
      rules={[
        required,
        {
          validator: async (_: unknown, bps: unknown) => {
            if (bps === null || bps === undefined) return;
            const n = Number(bps);
            if (!Number.isInteger(n) || n < 0 || n > MAX_FEE_BPS) throw new Error(words);
          },
        },
      ]}
    >
      <InputNumber style={{ width: '100%' }} suffix="%" data-testid={testId} />
    </Form.Item>
  );
}

function Toggle({ name, label, testId }: { name: (string | number)[]; label: string; testId?: string }) {
  return (
    <Form.Item name={name} label={label} valuePropName="checked">
      <Switch data-testid={testId} />
    </Form.Item>
  );
}

/**
 * An editable list of rows (banks, salary levels, tasks, contacts, agents): each row's fields, a
 * remove button, and an Add button below (off at `max` rows).
 */
function RowList({
  name,
  noun,
  blank,
  max,
  children,
}: {
  name: string;
  noun: string;
  /** The new row's values; `count` is the number of rows before it. */
  blank: (count: number) => Record<string, unknown>;
  max?: number;
  children: (field: FormListFieldData) => ReactNode;
}) {
  return (
    <Form.List name={name}>
      {(fields, { add, remove }) => (
        <>
          {fields.map((field) => (
            <Row key={field.key} gutter={12} align="middle">
              {children(field)}
              <Col span={2}>
                <Button
                  icon={<DeleteOutlined />}
                  onClick={() => remove(field.name)}
                  aria-label={`Remove ${noun}`}
                />
              </Col>
            </Row>
          ))}
          <Button
            icon={<PlusOutlined />}
            disabled={max !== undefined && fields.length >= max}
            onClick={() => add(blank(fields.length))}
          >
            Add {noun}
          </Button>
        </>
      )}
    </Form.List>
  );
}

export function GeneralFields({ currencyLocked }: { currencyLocked: boolean }) {
  return (
    <Row gutter={16}>
      <Col span={12}>
        <Form.Item name="name" label="Name (page title)" rules={[required]}>
          <Input maxLength={60} data-testid="general-name" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="domains" label="Domains (host names that open this tenant)">
          {tags('general-domains')}
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item
          name="currency"
          label="Currency"
          extra={
            currencyLocked ? 'Fixed: the tenant already has wallet accounts' : 'Only while no wallet exists'
          }
        >
          <Select disabled={currencyLocked} options={CURRENCY_KEYS.map((c) => ({ value: c, label: c }))} />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item name="defaultLanguage" label="Default language">
          <Select options={LANGUAGE_KEYS.map((l) => ({ value: l, label: l }))} />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item name="timeZone" label="Time zone (IANA)" rules={[required]}>
          <Input placeholder="Asia/Manila" />
        </Form.Item>
      </Col>
      <Col span={16}>
        <Form.Item
          name="inviteUrl"
          label="Invite URL (base of invitation links)"
          rules={[required, { type: 'url' }]}
        >
          <Input />
        </Form.Item>
      </Col>
      <Col span={16}>
        <Form.Item
          name="websiteUrl"
          label="Website (the login page's Home button; empty: the app)"
          rules={[{ type: 'url' }]}
        >
          <Input placeholder="https://" data-testid="general-website" />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Toggle name={['earnEnabled']} label="Earn tab on" testId="general-earn" />
      </Col>
    </Row>
  );
}

export function WalletFields() {
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Card size="small" title="Card gateway recharge">
        <Row gutter={16}>
          <Col span={4}>
            <Toggle name={['recharge', 'gateway', 'enabled']} label="On" />
          </Col>
          <Col span={5}>
            <Amount name={['recharge', 'gateway', 'minAmount']} label="Minimum" />
          </Col>
          <Col span={5}>
            <Amount name={['recharge', 'gateway', 'maxAmount']} label="Maximum" />
          </Col>
          <Col span={10}>
            <Form.Item name={['recharge', 'gateway', 'quickAmounts']} label="Quick amounts">
              {tags('wallet-gateway-quick')}
            </Form.Item>
          </Col>
        </Row>
      </Card>
      <Card size="small" title="Official bank transfer">
        <Row gutter={16}>
          <Col span={4}>
            <Toggle name={['recharge', 'official', 'enabled']} label="On" />
          </Col>
          <Col span={5}>
            <Amount name={['recharge', 'official', 'minAmount']} label="Minimum" />
          </Col>
          <Col span={5}>
            <Count
              name={['recharge', 'official', 'windowMinutes']}
              label="Pay within (min)"
              min={1}
              max={60}
            />
          </Col>
          <Col span={10}>
            <Form.Item name={['recharge', 'official', 'bankName']} label="Bank" rules={[required]}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name={['recharge', 'official', 'accountName']} label="Account name" rules={[required]}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name={['recharge', 'official', 'accountNumber']}
              label="Account number"
              rules={[required]}
            >
              <Input />
            </Form.Item>
          </Col>
        </Row>
      </Card>
      <Card size="small" title="USDT (TRC20) recharge">
        <Row gutter={16}>
          <Col span={4}>
            <Toggle name={['recharge', 'usdt', 'enabled']} label="On" />
          </Col>
          <Col span={10}>
            <Form.Item name={['recharge', 'usdt', 'address']} label="Deposit address" rules={[required]}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={5}>
            <Amount name={['recharge', 'usdt', 'minAmount']} label="Minimum (USDT)" currency="USDT" />
          </Col>
          <Col span={5}>
            <Amount name={['recharge', 'usdt', 'rate']} label="Rate (per 1 USDT)" />
          </Col>
        </Row>
      </Card>
      <Card size="small" title="Withdrawals">
        <Row gutter={16}>
          <Col span={6}>
            <Amount name={['withdrawal', 'minAmount']} label="Minimum" />
          </Col>
          <Col span={6}>
            <Count
              name={['withdrawal', 'divisibleBy']}
              label="Step (multiple of)"
              min={1}
              testId="wallet-withdraw-step"
            />
          </Col>
          <Col span={6}>
            <Percent
              name={['withdrawal', 'bankFeeBps']}
              label="Bank withdrawal fee"
              testId="wallet-bank-fee"
            />
          </Col>
          <Col span={6}>
            <Form.Item name={['withdrawal', 'quickAmounts']} label="Quick amounts (or all)">
              {tags('wallet-withdraw-quick')}
            </Form.Item>
          </Col>
          <Col span={6}>
            <Toggle name={['withdrawal', 'usdtEnabled']} label="USDT withdrawals" />
          </Col>
          <Col span={6}>
            <Percent
              name={['withdrawal', 'usdtFeeBps']}
              label="USDT withdrawal fee"
              testId="wallet-usdt-fee"
            />
          </Col>
          <Col span={6}>
            <Amount name={['withdrawal', 'usdtMinFee']} label="USDT minimum fee" currency="USDT" />
          </Col>
        </Row>
      </Card>
      <Card size="small" title="Banks users withdraw to">
        <RowList name="banks" noun="bank" blank={() => ({ code: '', name: '' })}>
          {(field) => (
            <>
              <Col span={6}>
                <Form.Item name={[field.name, 'code']} rules={[required]}>
                  <Input placeholder="Code (BDO)" />
                </Form.Item>
              </Col>
              <Col span={14}>
                <Form.Item name={[field.name, 'name']} rules={[required]}>
                  <Input placeholder="Name in English letters" />
                </Form.Item>
              </Col>
            </>
          )}
        </RowList>
      </Card>
    </Space>
  );
}

/** The points each event pays (0 = none), as the contract's `pointsRulesSchema` allows. */
const POINTS_MAX = 1_000_000;
const POINTS_RULES: [keyof PointsRules, string][] = [
  ['paidEpisode', 'Paid episode watched (viewer)'],
  ['shareToNewUser', 'Invited user registers (inviter)'],
  ['sharePrimaryCard', 'Invitee buys Primary (inviter)'],
  ['sharePremiumCard', 'Invitee buys Premium (inviter)'],
  ['shareDirectorCard', 'Invitee buys Director (inviter)'],
];

export function MembershipFields() {
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Card size="small" title="Star Card tiers">
        <Form.List name="tiers">
          {(fields) =>
            fields.map((field) => {
              const tier = MEMBERSHIP_TIERS[field.name] ?? 'week';
              return (
                <Row key={field.key} gutter={12} align="middle" data-testid={`tier-row-${tier}`}>
                  <Col span={3}>
                    <Tag>{tier}</Tag>
                  </Col>
                  <Col span={2}>
                    <Form.Item name={[field.name, 'enabled']} valuePropName="checked" label="On">
                      <Switch size="small" />
                    </Form.Item>
                  </Col>
                  <Col span={4}>
                    <Form.Item name={[field.name, 'price']} label="Price" rules={[required, amountRule]}>
                      <Input data-testid={`tier-price-${tier}`} />
                    </Form.Item>
                  </Col>
                  <Col span={3}>
                    <Count name={[field.name, 'days']} label="Days" min={1} max={3650} />
                  </Col>
                  <Col span={3}>
                    <Count name={[field.name, 'rewardLevels']} label="Team levels" max={5} />
                  </Col>
                  <Col span={9}>
                    <Form.Item label="Privileges (follow the tier)">
                      {privilegesOf(tier).map((p) => (
                        <Tag key={p}>{p}</Tag>
                      ))}
                    </Form.Item>
                  </Col>
                </Row>
              );
            })
          }
        </Form.List>
      </Card>
      <Card size="small" title="Trial cards">
        <Row gutter={16}>
          <Col span={8}>
            <Count name={['giftTrialCards']} label="Gifts per period" max={100} />
          </Col>
          <Col span={8}>
            <Count name={['giftPeriodDays']} label="Period (days)" min={1} max={365} />
          </Col>
          <Col span={8}>
            <Count name={['trialCardHours']} label="Trial length (hours)" min={1} max={720} />
          </Col>
        </Row>
      </Card>
      <Card size="small" title="Points rules" data-testid="points-rules">
        <Row gutter={16}>
          {POINTS_RULES.map(([key, label]) => (
            <Col span={8} key={key}>
              <Count name={['points', key]} label={label} max={POINTS_MAX} testId={`points-${key}`} />
            </Col>
          ))}
        </Row>
      </Card>
    </Space>
  );
}

const LEVELS = [0, 1, 2, 3, 4];

export function TeamFields() {
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Card size="small" title="Rates per team level (at most 50 %)">
        {(['referralBps', 'welfareBps'] as const).map((name) => (
          <Row key={name} gutter={12}>
            <Col span={4} style={{ paddingTop: 30 }}>
              {name === 'referralBps' ? 'Referral' : 'Welfare'}
            </Col>
            {LEVELS.map((i) => (
              <Col span={4} key={i}>
                <Percent name={[name, i]} label={`Level ${i + 1}`} noun="rate" />
              </Col>
            ))}
          </Row>
        ))}
      </Card>
      <Card size="small" title="Monthly salary levels">
        <RowList
          name="salaryLevels"
          noun="level"
          blank={(count) => ({ level: count + 1, directStarMembers: 0, teamStarMembers: 0, amount: '' })}
          max={10}
        >
          {(field) => (
            <>
              <Col span={3}>
                <Form.Item name={[field.name, 'level']} label="Level">
                  <InputNumber disabled />
                </Form.Item>
              </Col>
              <Col span={5}>
                <Count name={[field.name, 'directStarMembers']} label="Direct Star members" />
              </Col>
              <Col span={5}>
                <Count name={[field.name, 'teamStarMembers']} label="Team Star members" />
              </Col>
              <Col span={5}>
                <Amount name={[field.name, 'amount']} label="Salary" />
              </Col>
            </>
          )}
        </RowList>
        <Row gutter={16} style={{ marginTop: 12 }}>
          <Col span={8}>
            <Count name={['salaryIntervalDays']} label="Days between salaries" min={1} />
          </Col>
        </Row>
      </Card>
      <Card size="small" title="Dividends and leaders">
        <Row gutter={16}>
          <Col span={6}>
            <Amount name={['dividend', 'shareUnit']} label="Spent per share" />
          </Col>
          <Col span={6}>
            <Amount name={['dividend', 'shareValue']} label="Share value" />
          </Col>
          <Col span={6}>
            <Count name={['dividend', 'months']} label="Paid after (months)" min={1} max={60} />
          </Col>
          <Col span={6}>
            <Amount name={['leaderGoal']} label="Leader goal (team purchases)" />
          </Col>
        </Row>
      </Card>
    </Space>
  );
}

export function EarnFields() {
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Card size="small" title="Check-in rewards by streak day (the last repeats)">
        <Form.Item name="checkinRewards" rules={[required]}>
          {tags('earn-checkin')}
        </Form.Item>
      </Card>
      <Card size="small" title="Tasks">
        <RowList
          name="tasks"
          noun="task"
          blank={() => ({ code: '', kind: 'watch_episodes', target: 1, reward: '', period: 'daily' })}
        >
          {(field) => (
            <>
              <Col span={5}>
                <Form.Item name={[field.name, 'code']} label="Code" rules={[required]}>
                  <Input />
                </Form.Item>
              </Col>
              <Col span={6}>
                <Form.Item name={[field.name, 'kind']} label="Kind">
                  <Select options={TASK_KINDS.map((k) => ({ value: k, label: k }))} />
                </Form.Item>
              </Col>
              <Col span={3}>
                <Count name={[field.name, 'target']} label="Target" min={1} />
              </Col>
              <Col span={4}>
                <Amount name={[field.name, 'reward']} label="Reward" />
              </Col>
              <Col span={4}>
                <Form.Item name={[field.name, 'period']} label="Period">
                  <Select options={TASK_PERIODS.map((p) => ({ value: p, label: p }))} />
                </Form.Item>
              </Col>
            </>
          )}
        </RowList>
      </Card>
      <Card size="small" title="Red packets">
        <Row gutter={16}>
          <Col span={6}>
            <Amount name={['redPacket', 'minShare']} label="Smallest share" testId="earn-rp-min" />
          </Col>
          <Col span={6}>
            <Amount name={['redPacket', 'maxAmount']} label="Largest packet" testId="earn-rp-max" />
          </Col>
          <Col span={6}>
            <Count name={['redPacket', 'maxShares']} label="Most shares" min={1} max={500} />
          </Col>
          <Col span={6}>
            <Count name={['redPacket', 'expiryHours']} label="Refund after (hours)" min={1} max={168} />
          </Col>
        </Row>
      </Card>
      <Card size="small" title="Daily award of Star Card holders">
        <Row gutter={16}>
          {(['primary', 'premium', 'director'] as const).map((tier) => (
            <Col span={8} key={tier}>
              <Amount name={['dailyAward', tier]} label={tier} />
            </Col>
          ))}
        </Row>
      </Card>
      <Card size="small" title="Customer service contacts">
        <RowList
          name="customerService"
          noun="contact"
          blank={() => ({ kind: 'telegram', label: '', url: '' })}
          max={10}
        >
          {(field) => (
            <>
              <Col span={5}>
                <Form.Item name={[field.name, 'kind']} label="Kind">
                  <Select options={CONTACT_KINDS.map((k) => ({ value: k, label: k }))} />
                </Form.Item>
              </Col>
              <Col span={7}>
                <Form.Item name={[field.name, 'label']} label="Label" rules={[required]}>
                  <Input maxLength={60} />
                </Form.Item>
              </Col>
              <Col span={10}>
                <Form.Item name={[field.name, 'url']} label="Link" rules={[required]}>
                  <Input maxLength={300} />
                </Form.Item>
              </Col>
            </>
          )}
        </RowList>
      </Card>
      <Card size="small" title="Telegram agents by host name (* = any other)">
        <RowList name="telegramAgents" noun="agent" blank={() => ({ host: '', url: '' })}>
          {(field) => (
            <>
              <Col span={8}>
                <Form.Item name={[field.name, 'host']} rules={[required]}>
                  <Input placeholder="host or *" />
                </Form.Item>
              </Col>
              <Col span={14}>
                <Form.Item name={[field.name, 'url']} rules={[required]}>
                  <Input placeholder="https://t.me/…" />
                </Form.Item>
              </Col>
            </>
          )}
        </RowList>
      </Card>
      <Alert
        type="info"
        showIcon
        title="Changes apply to the app at once; rewards already paid stay as they were."
      />
    </Space>
  );
}
