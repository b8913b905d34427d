import type { KeyboardEvent } from 'react';

export interface TopTab<K extends string> {
  key: K;
  title: string;
  testId?: string;
}

export interface TopTabsProps<K extends string> {
  tabs: readonly TopTab<K>[];
  activeKey: K;
  onChange: (key: K) => void;
}

/** A row of tabs with an underline under the active one. */
export function TopTabs<K extends string>({ tabs, activeKey, onChange }: TopTabsProps<K>) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const index = tabs.findIndex((tab) => tab.key === activeKey);
    const step = event.key === 'ArrowRight' ? 1 : -1;
    const next = tabs[(index + step + tabs.length) % tabs.length];
    if (next) onChange(next.key);
  };
  return (
    <div className="ds-top-tabs" role="tablist" onKeyDown={onKeyDown}>
      {tabs.map((tab) => {
        const active = tab.key === activeKey;
        return (
          <button
            key={tab.key}
            type="button"
            role="tab"
            aria-selected={active}
            tabIndex={active ? 0 : -1}
            className={active ? 'ds-top-tabs__tab ds-top-tabs__tab--active' : 'ds-top-tabs__tab'}
            data-testid={tab.testId}
            onClick={() => onChange(tab.key)}
          >
            {tab.title}
          </button>
        );
      })}
    </div>
  );
}
