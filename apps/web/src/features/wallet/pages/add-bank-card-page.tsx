import { bankCardForm } from '@dramastar/contract';
import { Button, Popup } from 'antd-mobile';
import { useRef, useState } from 'react';
import { toastIfNoAnswer } from '../../../shared/api/network-toast';
import { useUserInfo } from '../../../shared/api/user-info';
import { EmailField } from '../../../shared/forms/account-fields';
import { useSubmitOnce } from '../../../shared/forms/use-submit-once';
import { useZodForm } from '../../../shared/forms/use-zod-form';
import { useT } from '../../../shared/i18n';
import { ROUTES } from '../../../shared/routes';
import { CheckIcon, ChevronRightIcon, CloseIcon, showToast, TextField, useGoBack } from '../../../shared/ui';
import { useAddBankCard } from '../api/add-bank-card';
import { useBanks } from '../api/bank-config';
import { useBankCards } from '../api/query-bank-card';
import { WalletPage } from '../components/shell';
import { focusFirstError } from '../lib/focus-error';
import { MAX_BANK_CARDS } from '../lib/limits';

type Bank = { code: string; name: string };

function BankSheet({
  visible,
  banks,
  value,
  onChoose,
  onClose,
}: {
  visible: boolean;
  banks: Bank[];
  value: string;
  onChoose: (code: string) => void;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      position="bottom"
      bodyClassName="ds-wallet-sheet"
      destroyOnClose
    >
      <div className="ds-wallet-sheet__head">
        <h2>{t('bankCard.chooseBank')}</h2>
        <button type="button" className="ds-icon-button" aria-label={t('common.close')} onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
      <div
        className="ds-wallet-sheet__body ds-menu"
        role="radiogroup"
        aria-label={t('bankCard.bank')}
        data-testid="bank-sheet"
      >
        {banks.map((bank) => (
          <button
            key={bank.code}
            type="button"
            role="radio"
            aria-checked={bank.code === value}
            className="ds-menu__row ds-menu__row--action"
            data-testid={`bank-${bank.code}`}
            onClick={() => onChoose(bank.code)}
          >
            <span className="ds-menu__title">{bank.name}</span>
            <CheckIcon className="ds-menu__check" visibility={bank.code === value ? 'visible' : 'hidden'} />
          </button>
        ))}
      </div>
    </Popup>
  );
}

function AddBankCardForm({ email, phone }: { email: string; phone: string }) {
  const t = useT();
  const goBack = useGoBack();
  const banks = useBanks();
  const cards = useBankCards();
  const add = useAddBankCard();
  const [choosing, setChoosing] = useState(false);
  const form = useZodForm(bankCardForm, {
    accountName: '',
    firstName: '',
    lastName: '',
    email,
    phone,
    bank: '',
    cardNumber: '',
    bankName: '',
  });
  const bankList = banks.data?.banks ?? [];
  const bankLabel = bankList.find((b) => b.code === form.values.bank)?.name;
  const full = (cards.data?.list.length ?? 0) >= MAX_BANK_CARDS;

  const formRef = useRef<HTMLFormElement>(null);
  const { loading, submit } = useSubmitOnce(async () => {
    if (!form.validate()) {
      focusFirstError(formRef.current);
      return;
    }
    try {
      const v = form.values;
      await add.mutateAsync({
        accountName: v.accountName.trim(),
        firstName: v.firstName.trim(),
        lastName: v.lastName.trim(),
        email: v.email.trim(),
        phone: v.phone.trim(),
        bank: v.bank,
        cardNumber: v.cardNumber.trim(),
        bankName: v.bankName.trim(),
      });
      showToast(t('bankCard.added'));
      goBack({ fallbackUrl: ROUTES.cardList });
    } catch (error) {
      form.showServerError(error);
      toastIfNoAnswer(error);
    }
  });

  const text = (name: 'accountName' | 'firstName' | 'lastName', label: string, autoComplete: string) => (
    <TextField
      label={label}
      autoComplete={autoComplete}
      maxLength={name === 'accountName' ? 60 : 40}
      testId={`card-${name}`}
      error={form.error(name)}
      {...form.field(name)}
    />
  );

  return (
    <form
      ref={formRef}
      className="ds-form-page"
      data-testid="add-bank-card"
      noValidate
      onSubmit={(e) => void submit(e)}
    >
      {full && (
        <p className="ds-notice ds-notice--error" data-testid="card-limit">
          {t.message('BankCardLimit')}
        </p>
      )}
      <p className="ds-form-page__intro">{t('bankCard.intro')}</p>
      {text('accountName', t('bankCard.accountName'), 'name')}
      <div className="ds-form-row">
        {text('firstName', t('bankCard.firstName'), 'given-name')}
        {text('lastName', t('bankCard.lastName'), 'family-name')}
      </div>
      <EmailField field={form.field('email')} error={form.error('email')} />
      <TextField
        label={t('bankCard.phone')}
        type="tel"
        digitsOnly
        autoComplete="tel-national"
        maxLength={16}
        testId="card-phone"
        error={form.error('phone')}
        {...form.field('phone')}
      />
      <div className="ds-field">
        <span className="ds-field__label">{t('bankCard.bank')}</span>
        <button
          type="button"
          className={
            form.error('bank') ? 'ds-field__box ds-select ds-field__box--error' : 'ds-field__box ds-select'
          }
          aria-haspopup="dialog"
          aria-invalid={form.error('bank') !== undefined}
          data-testid="card-bank"
          disabled={banks.isPending}
          onClick={() => setChoosing(true)}
        >
          <span className={bankLabel ? 'ds-select__value' : 'ds-select__value ds-select__placeholder'}>
            {bankLabel ?? t(banks.isPending ? 'common.loading' : 'bankCard.chooseBank')}
          </span>
          <ChevronRightIcon className="ds-menu__arrow" />
        </button>
        {form.error('bank') && (
          <p className="ds-field__error" role="alert" data-testid="card-bank-error">
            {form.error('bank')}
          </p>
        )}
        {banks.isError && (
          <p className="ds-field__error" role="alert" data-testid="card-banks-error">
            {t('bankCard.banksError')}{' '}
            <button type="button" className="ds-link" onClick={() => void banks.refetch()}>
              {t('common.retry')}
            </button>
          </p>
        )}
      </div>
      <TextField
        label={t('bankCard.cardNumber')}
        digitsOnly
        autoComplete="off"
        maxLength={30}
        testId="card-cardNumber"
        error={form.error('cardNumber')}
        {...form.field('cardNumber')}
      />
      <TextField
        label={t('bankCard.bankName')}
        autoComplete="off"
        maxLength={60}
        hint={t('bankCard.bankNameHint')}
        testId="card-bankName"
        error={form.error('bankName')}
        {...form.field('bankName')}
      />
      <Button
        block
        color="primary"
        size="large"
        type="submit"
        loading={loading}
        disabled={full}
        data-testid="submit"
      >
        {t('bankCard.save')}
      </Button>
      <BankSheet
        visible={choosing}
        banks={bankList}
        value={form.values.bank}
        onClose={() => {
          setChoosing(false);
          form.touch('bank');
        }}
        onChoose={(code) => {
          form.setValue('bank', code);
          form.touch('bank');
          setChoosing(false);
        }}
      />
    </form>
  );
}

/** /pages/profile/withdraw/addBankCard: the bank card form of spec section 3 with the section 5 rules. */
export default function AddBankCardPage() {
  const t = useT();
  const user = useUserInfo();
  return (
    <WalletPage title={t('bankCard.addTitle')}>
      <AddBankCardForm email={user?.email ?? ''} phone={user?.phone ?? ''} />
    </WalletPage>
  );
}
