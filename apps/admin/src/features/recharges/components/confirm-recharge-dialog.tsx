import { Alert, Form, Input, Modal, Typography } from 'antd';
import { errorText } from '../../../shared/api/api-error';
import { formatMoney } from '../../../shared/format';
import { useT } from '../../../shared/i18n';
import type { AdminRecharge } from '../api/recharges';
import { referenceLabel } from '../recharge-actions';

const AMOUNT = /^\d{1,15}(\.\d{1,6})?$/;

/** What the wallet gets for `received`: the order's credit at its rate (the server computes the same). */
function creditFor(order: AdminRecharge, received: string): string | null {
  if (!AMOUNT.test(received)) return null;
  const ratio = Number(received) / Number(order.amount);
  return (Number(order.creditAmount) * ratio).toFixed(order.creditAmount.split('.')[1]?.length ?? 0);
}

/**
 * Confirming a bank transfer or USDT deposit: the reference on the statement (or the hash) and
 * the amount that actually arrived, prefilled with the order's. A different amount is credited as
 * received, and the dialog says so before the operator confirms.
 */
export function ConfirmRechargeDialog(props: {
  order: AdminRecharge | undefined;
  pending: boolean;
  error: unknown;
  onSubmit: (value: { matchedReference: string; receivedAmount: string }) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const { order } = props;
  const [form] = Form.useForm<{ matchedReference: string; receivedAmount: string }>();
  // Undefined until the form mounts (antd types it as the field's type).
  const watched = Form.useWatch('receivedAmount', form) as string | undefined;
  const received = watched ?? order?.amount ?? '';
  const differs = order !== undefined && AMOUNT.test(received) && Number(received) !== Number(order.amount);
  const credit = order ? creditFor(order, received) : null;
  const testId = 'recharge-confirm-dialog';
  return (
    <Modal
      open={order !== undefined}
      title={t('recharges.confirmTitle', { order: order?.orderNo ?? '' })}
      okText={t(differs ? 'recharges.creditReceived' : 'recharges.confirmCredit')}
      okButtonProps={{ loading: props.pending, 'data-testid': `${testId}-ok` }}
      onOk={() => form.submit()}
      onCancel={props.onCancel}
      destroyOnHidden
    >
      {order ? (
        <div data-testid={testId}>
          <Typography.Paragraph>
            {t('recharges.ordered', {
              user: order.userEmail ?? order.userPhone ?? t('recharges.user', { id: order.userId }),
              amount: formatMoney(order.amount, order.payCurrency),
              credit: formatMoney(order.creditAmount, order.currency),
            })}{' '}
            <code>{order.official?.reference ?? order.usdt?.txHash ?? '—'}</code>
          </Typography.Paragraph>
          {props.error ? (
            <Alert
              data-testid={`${testId}-error`}
              type="error"
              showIcon
              className="ds-my-12"
              title={errorText(props.error)}
            />
          ) : null}
          <Form
            form={form}
            layout="vertical"
            preserve={false}
            initialValues={{ receivedAmount: order.amount }}
            onFinish={(v) =>
              props.onSubmit({
                matchedReference: v.matchedReference.trim(),
                receivedAmount: v.receivedAmount.trim(),
              })
            }
          >
            <Form.Item
              label={t(referenceLabel(order.channel))}
              name="matchedReference"
              rules={[{ required: true, whitespace: true, message: t('recharges.referenceRequired') }]}
            >
              <Input data-testid={`${testId}-input`} maxLength={120} />
            </Form.Item>
            <Form.Item
              label={t('recharges.amountReceived', { currency: order.payCurrency })}
              name="receivedAmount"
              rules={[
                { required: true, message: t('recharges.amountRequired') },
                { pattern: AMOUNT, message: t('recharges.amountPattern') },
              ]}
            >
              <Input data-testid={`${testId}-received`} inputMode="decimal" maxLength={22} />
            </Form.Item>
          </Form>
          {differs && credit ? (
            <Alert
              data-testid={`${testId}-differs`}
              type="warning"
              showIcon
              title={t('recharges.differs', {
                received: formatMoney(received, order.payCurrency),
                ordered: formatMoney(order.amount, order.payCurrency),
                credit: formatMoney(credit, order.currency),
              })}
            />
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
}
