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
import { type TranslationKey, useT } from '../../../shared/i18n';
import { bpsToPercent, moneyText } from '../lib/labels';

const AMOUNT = /^\d{1,15}(\.\d{1,6})?$/;
/** The rules every field shares, in the operator's language. */
function useRules() {
  const t = useT();
  return {
    required: { required: true, message: t('config.rule.required') },
    amountRule: { pattern: AMOUNT, message: t('config.rule.amount') },
  };
}
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
  const { required, amountRule } = useRules();
  const unit = currency ?? tenantCurrency;
  const value = Form.useWatch<unknown>(name);
  const shown = typeof value === 'string' && AMOUNT.test(value) ? moneyText(value, unit) : null;
  return (
    <Form.Item name={name} label={label} rules={[required, amountRule]} extra={shown}>
      <Input data-testid={testId} prefix={CURRENCIES[unit].symbol} />
    </Form.Item>
  );
}

/** The allowed range of a whole number in words, checked on the field (never clamped). */
function rangeRule(words: string, min: number, max: number | undefined) {
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
  const t = useT();
  const { required } = useRules();
  const words =
    max === undefined
      ? t('config.rule.atLeast', { min })
      : t('config.rule.range', { min, max: max.toLocaleString('en') });
  return (
    <Form.Item name={name} label={label} rules={[required, rangeRule(words, min, max)]}>
      <InputNumber className="ds-fill" data-testid={testId} />
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
  const t = useT();
  const { required } = useRules();
  const words = t(noun === 'fee' ? 'config.rule.fee' : 'config.rule.rate', {
    max: bpsToPercent(MAX_FEE_BPS),
  });
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
      <InputNumber className="ds-fill" suffix="%" data-testid={testId} />
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
  noun: TranslationKey;
  /** The new row's values; `count` is the number of rows before it. */
  blank: (count: number) => Record<string, unknown>;
  max?: number;
  children: (field: FormListFieldData) => ReactNode;
}) {
  const t = useT();
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
                  aria-label={t('config.remove', { noun: t(noun) })}
                />
              </Col>
            </Row>
          ))}
          <Button
            icon={<PlusOutlined />}
            disabled={max !== undefined && fields.length >= max}
            onClick={() => add(blank(fields.length))}
          >
            {t('config.add', { noun: t(noun) })}
          </Button>
        </>
      )}
    </Form.List>
  );
}

export function GeneralFields({ currencyLocked }: { currencyLocked: boolean }) {
  const t = useT();
  const { required } = useRules();
  return (
    <Row gutter={16}>
      <Col span={12}>
        <Form.Item name="name" label={t('config.general.name')} rules={[required]}>
          <Input maxLength={60} data-testid="general-name" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="domains" label={t('config.general.domains')}>
          {tags('general-domains')}
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item
          name="currency"
          label={t('config.general.currency')}
          extra={currencyLocked ? t('config.general.currencyFixed') : t('config.general.currencyOpen')}
        >
          <Select disabled={currencyLocked} options={CURRENCY_KEYS.map((c) => ({ value: c, label: c }))} />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item name="defaultLanguage" label={t('config.general.language')}>
          <Select options={LANGUAGE_KEYS.map((l) => ({ value: l, label: l }))} />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item name="timeZone" label={t('config.general.timeZone')} rules={[required]}>
          <Input placeholder="Asia/Manila" />
        </Form.Item>
      </Col>
      <Col span={16}>
        <Form.Item name="inviteUrl" label={t('config.general.inviteUrl')} rules={[required, { type: 'url' }]}>
          <Input />
        </Form.Item>
      </Col>
      <Col span={16}>
        <Form.Item name="websiteUrl" label={t('config.general.website')} rules={[{ type: 'url' }]}>
          <Input placeholder="https://" data-testid="general-website" />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Toggle name={['earnEnabled']} label={t('config.general.earn')} testId="general-earn" />
      </Col>
    </Row>
  );
}

export function WalletFields() {
  const t = useT();
  const { required } = useRules();
  return (
    <Space orientation="vertical" className="ds-fill">
      <Card size="small" title={t('config.wallet.gateway')}>
        <Row gutter={16}>
          <Col span={4}>
            <Toggle name={['recharge', 'gateway', 'enabled']} label={t('config.on')} />
          </Col>
          <Col span={5}>
            <Amount name={['recharge', 'gateway', 'minAmount']} label={t('config.minimum')} />
          </Col>
          <Col span={5}>
            <Amount name={['recharge', 'gateway', 'maxAmount']} label={t('config.maximum')} />
          </Col>
          <Col span={10}>
            <Form.Item name={['recharge', 'gateway', 'quickAmounts']} label={t('config.wallet.quickAmounts')}>
              {tags('wallet-gateway-quick')}
            </Form.Item>
          </Col>
        </Row>
      </Card>
      <Card size="small" title={t('config.wallet.official')}>
        <Row gutter={16}>
          <Col span={4}>
            <Toggle name={['recharge', 'official', 'enabled']} label={t('config.on')} />
          </Col>
          <Col span={5}>
            <Amount name={['recharge', 'official', 'minAmount']} label={t('config.minimum')} />
          </Col>
          <Col span={5}>
            <Count
              name={['recharge', 'official', 'windowMinutes']}
              label={t('config.wallet.payWithin')}
              min={1}
              max={60}
            />
          </Col>
          <Col span={10}>
            <Form.Item
              name={['recharge', 'official', 'bankName']}
              label={t('config.wallet.bank')}
              rules={[required]}
            >
              <Input />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name={['recharge', 'official', 'accountName']}
              label={t('config.wallet.accountName')}
              rules={[required]}
            >
              <Input />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name={['recharge', 'official', 'accountNumber']}
              label={t('config.wallet.accountNumber')}
              rules={[required]}
            >
              <Input />
            </Form.Item>
          </Col>
        </Row>
      </Card>
      <Card size="small" title={t('config.wallet.usdt')}>
        <Row gutter={16}>
          <Col span={4}>
            <Toggle name={['recharge', 'usdt', 'enabled']} label={t('config.on')} />
          </Col>
          <Col span={10}>
            <Form.Item
              name={['recharge', 'usdt', 'address']}
              label={t('config.wallet.depositAddress')}
              rules={[required]}
            >
              <Input />
            </Form.Item>
          </Col>
          <Col span={5}>
            <Amount
              name={['recharge', 'usdt', 'minAmount']}
              label={t('config.wallet.usdtMinimum')}
              currency="USDT"
            />
          </Col>
          <Col span={5}>
            <Amount name={['recharge', 'usdt', 'rate']} label={t('config.wallet.usdtRate')} />
          </Col>
        </Row>
      </Card>
      <Card size="small" title={t('config.wallet.withdrawals')}>
        <Row gutter={16}>
          <Col span={6}>
            <Amount name={['withdrawal', 'minAmount']} label={t('config.minimum')} />
          </Col>
          <Col span={6}>
            <Count
              name={['withdrawal', 'divisibleBy']}
              label={t('config.wallet.step')}
              min={1}
              testId="wallet-withdraw-step"
            />
          </Col>
          <Col span={6}>
            <Percent
              name={['withdrawal', 'bankFeeBps']}
              label={t('config.wallet.bankFee')}
              testId="wallet-bank-fee"
            />
          </Col>
          <Col span={6}>
            <Form.Item name={['withdrawal', 'quickAmounts']} label={t('config.wallet.withdrawQuick')}>
              {tags('wallet-withdraw-quick')}
            </Form.Item>
          </Col>
          <Col span={6}>
            <Toggle name={['withdrawal', 'usdtEnabled']} label={t('config.wallet.usdtWithdrawals')} />
          </Col>
          <Col span={6}>
            <Percent
              name={['withdrawal', 'usdtFeeBps']}
              label={t('config.wallet.usdtFee')}
              testId="wallet-usdt-fee"
            />
          </Col>
          <Col span={6}>
            <Amount
              name={['withdrawal', 'usdtMinFee']}
              label={t('config.wallet.usdtMinFee')}
              currency="USDT"
            />
          </Col>
        </Row>
      </Card>
      <Card size="small" title={t('config.wallet.banks')}>
        <RowList name="banks" noun="config.noun.bank" blank={() => ({ code: '', name: '' })}>
          {(field) => (
            <>
              <Col span={6}>
                <Form.Item name={[field.name, 'code']} rules={[required]}>
                  <Input placeholder={t('config.wallet.bankCode')} />
                </Form.Item>
              </Col>
              <Col span={14}>
                <Form.Item name={[field.name, 'name']} rules={[required]}>
                  <Input placeholder={t('config.wallet.bankName')} />
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
const POINTS_RULES: [keyof PointsRules, TranslationKey][] = [
  ['paidEpisode', 'config.points.paidEpisode'],
  ['shareToNewUser', 'config.points.shareToNewUser'],
  ['sharePrimaryCard', 'config.points.sharePrimaryCard'],
  ['sharePremiumCard', 'config.points.sharePremiumCard'],
  ['shareDirectorCard', 'config.points.shareDirectorCard'],
];

export function MembershipFields() {
  const t = useT();
  const { required, amountRule } = useRules();
  return (
    <Space orientation="vertical" className="ds-fill">
      <Card size="small" title={t('config.membership.tiers')}>
        <Form.List name="tiers">
          {(fields) =>
            fields.map((field) => {
              const tier = MEMBERSHIP_TIERS[field.name] ?? 'week';
              return (
                <Row key={field.key} gutter={12} align="middle" data-testid={`tier-row-${tier}`}>
                  <Col span={3}>
                    <Tag>{t(`tier.${tier}`)}</Tag>
                  </Col>
                  <Col span={2}>
                    <Form.Item name={[field.name, 'enabled']} valuePropName="checked" label={t('config.on')}>
                      <Switch size="small" />
                    </Form.Item>
                  </Col>
                  <Col span={4}>
                    <Form.Item
                      name={[field.name, 'price']}
                      label={t('config.membership.price')}
                      rules={[required, amountRule]}
                    >
                      <Input data-testid={`tier-price-${tier}`} />
                    </Form.Item>
                  </Col>
                  <Col span={3}>
                    <Count
                      name={[field.name, 'days']}
                      label={t('config.membership.days')}
                      min={1}
                      max={3650}
                    />
                  </Col>
                  <Col span={3}>
                    <Count
                      name={[field.name, 'rewardLevels']}
                      label={t('config.membership.teamLevels')}
                      max={5}
                    />
                  </Col>
                  <Col span={9}>
                    <Form.Item label={t('config.membership.privileges')}>
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
      <Card size="small" title={t('config.membership.trial')}>
        <Row gutter={16}>
          <Col span={8}>
            <Count name={['giftTrialCards']} label={t('config.membership.gifts')} max={100} />
          </Col>
          <Col span={8}>
            <Count name={['giftPeriodDays']} label={t('config.membership.period')} min={1} max={365} />
          </Col>
          <Col span={8}>
            <Count name={['trialCardHours']} label={t('config.membership.trialLength')} min={1} max={720} />
          </Col>
        </Row>
      </Card>
      <Card size="small" title={t('config.points.title')} data-testid="points-rules">
        <Row gutter={16}>
          {POINTS_RULES.map(([key, label]) => (
            <Col span={8} key={key}>
              <Count name={['points', key]} label={t(label)} max={POINTS_MAX} testId={`points-${key}`} />
            </Col>
          ))}
        </Row>
      </Card>
    </Space>
  );
}

const LEVELS = [0, 1, 2, 3, 4];

export function TeamFields() {
  const t = useT();
  return (
    <Space orientation="vertical" className="ds-fill">
      <Card size="small" title={t('config.team.rates', { max: bpsToPercent(MAX_FEE_BPS) })}>
        {(['referralBps', 'welfareBps'] as const).map((name) => (
          <Row key={name} gutter={12}>
            <Col span={4} className="ds-pt-field">
              {t(name === 'referralBps' ? 'config.team.referral' : 'config.team.welfare')}
            </Col>
            {LEVELS.map((i) => (
              <Col span={4} key={i}>
                <Percent name={[name, i]} label={t('config.team.level', { n: i + 1 })} noun="rate" />
              </Col>
            ))}
          </Row>
        ))}
      </Card>
      <Card size="small" title={t('config.team.salaryLevels')}>
        <RowList
          name="salaryLevels"
          noun="config.noun.level"
          blank={(count) => ({ level: count + 1, directStarMembers: 0, teamStarMembers: 0, amount: '' })}
          max={10}
        >
          {(field) => (
            <>
              <Col span={3}>
                <Form.Item name={[field.name, 'level']} label={t('config.team.levelColumn')}>
                  <InputNumber disabled />
                </Form.Item>
              </Col>
              <Col span={5}>
                <Count name={[field.name, 'directStarMembers']} label={t('config.team.directMembers')} />
              </Col>
              <Col span={5}>
                <Count name={[field.name, 'teamStarMembers']} label={t('config.team.teamMembers')} />
              </Col>
              <Col span={5}>
                <Amount name={[field.name, 'amount']} label={t('config.team.salary')} />
              </Col>
            </>
          )}
        </RowList>
        <Row gutter={16} className="ds-mt-12">
          <Col span={8}>
            <Count name={['salaryIntervalDays']} label={t('config.team.salaryInterval')} min={1} />
          </Col>
        </Row>
      </Card>
      <Card size="small" title={t('config.team.dividends')}>
        <Row gutter={16}>
          <Col span={6}>
            <Amount name={['dividend', 'shareUnit']} label={t('config.team.shareUnit')} />
          </Col>
          <Col span={6}>
            <Amount name={['dividend', 'shareValue']} label={t('config.team.shareValue')} />
          </Col>
          <Col span={6}>
            <Count name={['dividend', 'months']} label={t('config.team.months')} min={1} max={60} />
          </Col>
          <Col span={6}>
            <Amount name={['leaderGoal']} label={t('config.team.leaderGoal')} />
          </Col>
        </Row>
      </Card>
    </Space>
  );
}

export function EarnFields() {
  const t = useT();
  const { required } = useRules();
  return (
    <Space orientation="vertical" className="ds-fill">
      <Card size="small" title={t('config.earn.checkin')}>
        <Form.Item name="checkinRewards" rules={[required]}>
          {tags('earn-checkin')}
        </Form.Item>
      </Card>
      <Card size="small" title={t('config.earn.tasks')}>
        <RowList
          name="tasks"
          noun="config.noun.task"
          blank={() => ({ code: '', kind: 'watch_episodes', target: 1, reward: '', period: 'daily' })}
        >
          {(field) => (
            <>
              <Col span={5}>
                <Form.Item name={[field.name, 'code']} label={t('config.earn.code')} rules={[required]}>
                  <Input />
                </Form.Item>
              </Col>
              <Col span={6}>
                <Form.Item name={[field.name, 'kind']} label={t('config.earn.kind')}>
                  <Select options={TASK_KINDS.map((k) => ({ value: k, label: k }))} />
                </Form.Item>
              </Col>
              <Col span={3}>
                <Count name={[field.name, 'target']} label={t('config.earn.target')} min={1} />
              </Col>
              <Col span={4}>
                <Amount name={[field.name, 'reward']} label={t('config.earn.reward')} />
              </Col>
              <Col span={4}>
                <Form.Item name={[field.name, 'period']} label={t('config.earn.period')}>
                  <Select options={TASK_PERIODS.map((p) => ({ value: p, label: p }))} />
                </Form.Item>
              </Col>
            </>
          )}
        </RowList>
      </Card>
      <Card size="small" title={t('config.earn.redPackets')}>
        <Row gutter={16}>
          <Col span={6}>
            <Amount
              name={['redPacket', 'minShare']}
              label={t('config.earn.smallestShare')}
              testId="earn-rp-min"
            />
          </Col>
          <Col span={6}>
            <Amount
              name={['redPacket', 'maxAmount']}
              label={t('config.earn.largestPacket')}
              testId="earn-rp-max"
            />
          </Col>
          <Col span={6}>
            <Count name={['redPacket', 'maxShares']} label={t('config.earn.mostShares')} min={1} max={500} />
          </Col>
          <Col span={6}>
            <Count
              name={['redPacket', 'expiryHours']}
              label={t('config.earn.refundAfter')}
              min={1}
              max={168}
            />
          </Col>
        </Row>
      </Card>
      <Card size="small" title={t('config.earn.dailyAward')}>
        <Row gutter={16}>
          {(['primary', 'premium', 'director'] as const).map((tier) => (
            <Col span={8} key={tier}>
              <Amount name={['dailyAward', tier]} label={tier} />
            </Col>
          ))}
        </Row>
      </Card>
      <Card size="small" title={t('config.earn.contacts')}>
        <RowList
          name="customerService"
          noun="config.noun.contact"
          blank={() => ({ kind: 'telegram', label: '', url: '' })}
          max={10}
        >
          {(field) => (
            <>
              <Col span={5}>
                <Form.Item name={[field.name, 'kind']} label={t('config.earn.kind')}>
                  <Select options={CONTACT_KINDS.map((k) => ({ value: k, label: k }))} />
                </Form.Item>
              </Col>
              <Col span={7}>
                <Form.Item name={[field.name, 'label']} label={t('config.earn.label')} rules={[required]}>
                  <Input maxLength={60} />
                </Form.Item>
              </Col>
              <Col span={10}>
                <Form.Item name={[field.name, 'url']} label={t('config.earn.link')} rules={[required]}>
                  <Input maxLength={300} />
                </Form.Item>
              </Col>
            </>
          )}
        </RowList>
      </Card>
      <Card size="small" title={t('config.earn.agents')}>
        <RowList name="telegramAgents" noun="config.noun.agent" blank={() => ({ host: '', url: '' })}>
          {(field) => (
            <>
              <Col span={8}>
                <Form.Item name={[field.name, 'host']} rules={[required]}>
                  <Input placeholder={t('config.earn.host')} />
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
      <Alert type="info" showIcon title={t('config.earn.applyNote')} />
    </Space>
  );
}
