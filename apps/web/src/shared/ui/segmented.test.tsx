import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { HeroCard } from './hero-card';
import { Segmented } from './segmented';

describe('Segmented', () => {
  it('is a labelled radio group: the chosen option is checked, another one is chosen by a tap', async () => {
    const onChange = vi.fn();
    render(
      <Segmented
        ariaLabel="Split"
        options={[
          { value: 'random', label: 'Random', testId: 'split-random' },
          { value: 'equal', label: 'Equal', testId: 'split-equal' },
        ]}
        value="random"
        onChange={onChange}
      />,
    );
    const group = screen.getByRole('radiogroup', { name: 'Split' });
    expect(group).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Random' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('split-equal').getAttribute('aria-checked')).toBe('false');
    await userEvent.click(screen.getByRole('radio', { name: 'Equal' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith('equal');
  });
});

describe('HeroCard', () => {
  it('is a section with the page’s own class and test id', () => {
    render(
      <HeroCard className="ds-wallet-card" testId="wallet-balance-card">
        <p>Balance</p>
      </HeroCard>,
    );
    const card = screen.getByTestId('wallet-balance-card');
    expect(card.tagName).toBe('SECTION');
    expect(card.className).toBe('ds-hero-card ds-wallet-card');
    expect(card.textContent).toBe('Balance');
  });
});
