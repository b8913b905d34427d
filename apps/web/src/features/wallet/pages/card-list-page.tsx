import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toastIfNoAnswer } from '../../../shared/api/network-toast';
import { useT } from '../../../shared/i18n';
import { ROUTES } from '../../../shared/routes';
import { BankCardIcon, ConfirmPopup, EmptyState, FooterBar, showToast, TrashIcon } from '../../../shared/ui';
import { useDeleteBankCard } from '../api/del-bank-card';
import { useBankNames } from '../api/bank-config';
import { useBankCards } from '../api/query-bank-card';
import { LoadError, Loading, WalletPage } from '../components/shell';
import { MAX_BANK_CARDS } from '../lib/limits';

type Card = NonNullable<ReturnType<typeof useBankCards>['data']>['list'][number];

function CardList() {
  const t = useT();
  const navigate = useNavigate();
  const cards = useBankCards();
  const remove = useDeleteBankCard();
  const bankName = useBankNames();
  const [deleting, setDeleting] = useState<Card | null>(null);

  if (cards.isPending) return <Loading />;
  if (cards.isError) return <LoadError error={cards.error} onRetry={() => void cards.refetch()} />;
  const list = cards.data.list;
  const full = list.length >= MAX_BANK_CARDS;

  const confirmDelete = async () => {
    if (!deleting || remove.isPending) return;
    try {
      await remove.mutateAsync(deleting.id);
      showToast(t('bankCard.deleted'));
    } catch (error) {
      toastIfNoAnswer(error);
    } finally {
      setDeleting(null);
    }
  };

  const addButton = (
    <Button
      block
      color="primary"
      size="large"
      disabled={full}
      data-testid="card-add"
      onClick={() => void navigate(ROUTES.addBankCard)}
    >
      {t('bankCard.add')}
    </Button>
  );

  if (list.length === 0) {
    return (
      <EmptyState
        testId="cards-empty"
        icon={<BankCardIcon />}
        title={t('bankCard.emptyTitle')}
        description={t('bankCard.emptyDescription')}
        action={addButton}
      />
    );
  }

  return (
    <>
      <ul className="ds-card-stack" data-testid="card-list">
        {list.map((card) => (
          <li key={card.id} className="ds-bank-card" data-testid={`card-${card.id}`}>
            <div className="ds-bank-card__top">
              <span className="ds-bank-card__bank">{bankName(card.bank)}</span>
              <button
                type="button"
                className="ds-icon-button ds-icon-button--small ds-bank-card__delete"
                aria-label={t('bankCard.deleteLabel', { card: `${bankName(card.bank)} ${card.cardNumber}` })}
                data-testid={`card-delete-${card.id}`}
                onClick={() => setDeleting(card)}
              >
                <TrashIcon />
              </button>
            </div>
            <span className="ds-bank-card__branch">{card.bankName}</span>
            <span className="ds-bank-card__number">{card.cardNumber}</span>
            <span className="ds-bank-card__name">{card.accountName}</span>
          </li>
        ))}
      </ul>
      <p className="ds-wallet__note" data-testid="card-count">
        {full ? t.message('BankCardLimit') : t('bankCard.count', { count: list.length, max: MAX_BANK_CARDS })}
      </p>
      <FooterBar>{addButton}</FooterBar>
      <ConfirmPopup
        visible={deleting !== null}
        title={t('bankCard.deleteTitle')}
        content={deleting ? `${bankName(deleting.bank)} ${deleting.cardNumber}` : undefined}
        confirmText={t('bankCard.delete')}
        confirmLoading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}

/** /pages/profile/withdraw/cardList: the user's bank cards (masked), delete with confirmation, add (at most 5). */
export default function CardListPage() {
  const t = useT();
  return (
    <WalletPage title={t('bankCard.title')}>
      <CardList />
    </WalletPage>
  );
}
