import { CREDIT_KINDS, type CreditKind } from '@dramastar/contract';
import { Alert, Descriptions, Form, Input, Modal, Segmented, Spin, Typography } from 'antd';
import { useRef, useState } from 'react';
import { errorText } from '../api/api-error';
import { type AdminCredit, useCreateCredit, useCreditLimits } from '../api/credits';
import { AMOUNT_PATTERN, compareAmounts, formatMoney } from '../format';
import { useT } from '../i18n';

interface CreditForm {
  kind: CreditKind;
  amount: string;
  reason: string;
}

const newRequestId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

/**
 * A refund or goodwill credit to a user's wallet, from their page or a chat conversation: the
 * operator's limits are shown before typing (per credit, what is left today), the amount is in the
 * tenant's currency, a reason is required, and above the threshold the form says a second operator
 * approves it before the money moves. The same request id is sent again until the server answers,
 * so a retry after a lost answer never credits twice.
 */
export function CreditDialog({
  userId,
  userName,
  conversationId,
  open,
  onClose,
  onDone,
}: {
  userId: string;
  userName: string;
  conversationId?: string;
  open: boolean;
  onClose: () => void;
  onDone?: (credit: AdminCredit) => void;
}) {
  const t = useT();
  const [form] = Form.useForm<CreditForm>();
  const limits = useCreditLimits(userId, open);
  const create = useCreateCredit();
  const amount: string = Form.useWatch('amount', form) || '';
  const [done, setDone] = useState<AdminCredit | null>(null);
  const draft = useRef<{ key: string; requestId: string } | null>(null);
  const l = limits.data;
  const validAmount = AMOUNT_PATTERN.test(amount.trim());
  const needsSecond =
    l !== undefined && validAmount && compareAmounts(amount.trim(), l.secondApprovalAbove) > 0;

  const close = () => {
    create.reset();
    setDone(null);
    draft.current = null;
    onClose();
  };
  const submit = (values: CreditForm) => {
    const body = {
      userId,
      kind: values.kind,
      amount: values.amount.trim(),
      reason: values.reason.trim(),
      ...(conversationId ? { conversationId } : {}),
    };
    const key = JSON.stringify(body);
    if (draft.current?.key !== key) draft.current = { key, requestId: newRequestId() };
    create.mutate(
      { ...body, requestId: draft.current.requestId },
      {
        onSuccess: (credit) => {
          draft.current = null;
          setDone(credit);
          onDone?.(credit);
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      title={t('credit.title', { name: userName })}
      okText={done ? t('close') : t('credit.submit')}
      okButtonProps={{ loading: create.isPending, 'data-testid': 'credit-submit' }}
      cancelButtonProps={done ? { style: { display: 'none' } } : {}}
      onOk={() => (done ? close() : form.submit())}
      onCancel={close}
      destroyOnHidden
      width={560}
    >
      <div data-testid="credit-dialog">
        {limits.error ? <Alert type="error" showIcon title={errorText(limits.error)} /> : null}
        {!l && !limits.error ? <Spin /> : null}
        {done ? (
          <Alert
            data-testid="credit-done"
            data-status={done.status}
            type={done.status === 'credited' ? 'success' : 'info'}
            showIcon
            title={
              done.status === 'credited'
                ? t('credit.done.credited', { amount: formatMoney(done.amount, done.currency) })
                : t('credit.done.pending', { amount: formatMoney(done.amount, done.currency) })
            }
          />
        ) : l ? (
          <>
            <Descriptions size="small" column={1} bordered data-testid="credit-limits" className="ds-mb-16">
              <Descriptions.Item label={t('credit.limit.perCredit')}>
                {formatMoney(l.perCredit, l.currency)}
              </Descriptions.Item>
              <Descriptions.Item label={t('credit.limit.leftToday')}>
                <span data-testid="credit-left-today">
                  {t('credit.limit.leftOf', {
                    left: formatMoney(l.leftToday, l.currency),
                    day: formatMoney(l.perDay, l.currency),
                  })}
                </span>
              </Descriptions.Item>
              <Descriptions.Item label={t('credit.limit.second')}>
                {t('credit.limit.secondAbove', { amount: formatMoney(l.secondApprovalAbove, l.currency) })}
              </Descriptions.Item>
            </Descriptions>
            {create.error ? (
              <Alert
                data-testid="credit-error"
                type="error"
                showIcon
                className="ds-mb-12"
                title={errorText(create.error)}
              />
            ) : null}
            <Form<CreditForm>
              form={form}
              layout="vertical"
              initialValues={{ kind: 'goodwill', amount: '', reason: '' }}
              onFinish={submit}
            >
              <Form.Item name="kind" label={t('credit.kind')}>
                <Segmented
                  data-testid="credit-kind"
                  options={CREDIT_KINDS.map((k) => ({ value: k, label: t(`credit.kind.${k}`) }))}
                />
              </Form.Item>
              <Form.Item
                name="amount"
                label={t('credit.amount', { currency: l.currency })}
                rules={[
                  { required: true, whitespace: true, message: t('credit.amount.required') },
                  {
                    validator: async (_, value: string | undefined) => {
                      const v = (value ?? '').trim();
                      if (!v) return;
                      if (!AMOUNT_PATTERN.test(v) || compareAmounts(v, '0') <= 0)
                        throw new Error(t('credit.amount.invalid'));
                      if (compareAmounts(v, l.perCredit) > 0)
                        throw new Error(
                          t('credit.amount.overPerCredit', { max: formatMoney(l.perCredit, l.currency) }),
                        );
                      if (compareAmounts(v, l.leftToday) > 0)
                        throw new Error(
                          t('credit.amount.overToday', { left: formatMoney(l.leftToday, l.currency) }),
                        );
                    },
                  },
                ]}
              >
                <Input data-testid="credit-amount" inputMode="decimal" suffix={l.currency} maxLength={22} />
              </Form.Item>
              {needsSecond ? (
                <Alert
                  data-testid="credit-needs-second"
                  type="warning"
                  showIcon
                  className="ds-mb-16"
                  title={t('credit.needsSecond', {
                    amount: formatMoney(l.secondApprovalAbove, l.currency),
                  })}
                />
              ) : null}
              <Form.Item
                name="reason"
                label={t('credit.reason')}
                rules={[
                  { required: true, whitespace: true, message: t('credit.reason.required') },
                  { min: 3, message: t('form.atLeast', { n: 3 }) },
                ]}
              >
                <Input.TextArea data-testid="credit-reason" rows={3} maxLength={300} showCount />
              </Form.Item>
              <Typography.Text type="secondary">{t('credit.explain')}</Typography.Text>
            </Form>
          </>
        ) : null}
      </div>
    </Modal>
  );
}
