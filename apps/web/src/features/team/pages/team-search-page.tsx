import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useT } from '../../../shared/i18n';
import { ROUTES } from '../../../shared/routes';
import { CloseIcon, EmptyState, SearchIcon } from '../../../shared/ui';
import { useTeamCurrency, useTeamSearch } from '../api/team';
import { MemberRow } from '../components/member-row';
import { Loading, Paged, TeamPage } from '../components/shell';

/** The contract's longest keyword. */
const MAX_KEYWORD = 40;

function Results({ keyword }: { keyword: string }) {
  const t = useT();
  const results = useTeamSearch(keyword);
  const currency = useTeamCurrency();
  if (currency === null) return <Loading />;
  return (
    <Paged
      query={results}
      testId="team-search-results"
      empty={{
        title: t('team.searchEmptyTitle'),
        description: t('team.searchEmptyText', { keyword }),
        icon: <SearchIcon />,
      }}
      render={(member) => <MemberRow key={member.userId} member={member} currency={currency} showLevel />}
    />
  );
}

/**
 * /pages/profile/myTeam/search: members of every level found by nickname, invite code or user ID,
 * each with their level. The keyword is in the address (back and reload keep it); typing
 * searches after a short pause, Enter at once.
 */
export default function TeamSearchPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const keyword = (params.get('keyword') ?? '').trim().slice(0, MAX_KEYWORD);
  const [text, setText] = useState(keyword);

  const apply = (value: string) => {
    const next = value.trim().slice(0, MAX_KEYWORD);
    if (next !== keyword) setParams(next ? { keyword: next } : {}, { replace: true });
  };

  useEffect(() => {
    const next = text.trim().slice(0, MAX_KEYWORD);
    if (next === keyword) return;
    const timer = setTimeout(() => setParams(next ? { keyword: next } : {}, { replace: true }), 400);
    return () => clearTimeout(timer);
  }, [text, keyword, setParams]);

  return (
    <TeamPage title={t('team.searchTitle')} backUrl={ROUTES.myTeam}>
      <form
        className="ds-team-search"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          apply(text);
        }}
      >
        <label className="ds-team-search__box">
          <SearchIcon className="ds-team-search__icon" />
          <span className="ds-visually-hidden">{t('team.searchLabel')}</span>
          <input
            type="search"
            className="ds-team-search__input"
            placeholder={t('team.searchPlaceholder')}
            value={text}
            maxLength={MAX_KEYWORD}
            autoFocus
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            enterKeyHint="search"
            data-testid="team-search-input"
            onChange={(event) => setText(event.target.value)}
          />
          {text && (
            <button
              type="button"
              className="ds-icon-button ds-icon-button--small"
              aria-label={t('team.searchClear')}
              onClick={() => {
                setText('');
                apply('');
              }}
            >
              <CloseIcon />
            </button>
          )}
        </label>
      </form>
      {keyword ? (
        <Results key={keyword} keyword={keyword} />
      ) : (
        <EmptyState
          testId="team-search-hint"
          icon={<SearchIcon />}
          title={t('team.searchHintTitle')}
          description={t('team.searchHintText')}
        />
      )}
    </TeamPage>
  );
}
