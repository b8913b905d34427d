import { act, render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyUntilOpen } from './lazy-until-open';

interface Props {
  open: boolean;
  label: string;
}

function View({ open, label }: Props) {
  return <p data-testid="part">{`${label} ${open ? 'open' : 'closed'}`}</p>;
}

/** A part whose script is a spy: how often it was asked, and the answer it gives. */
function part() {
  const load = vi.fn(() => Promise.resolve({ default: View }));
  return { load, Part: lazyUntilOpen<Props>(load, (props) => props.open) };
}

describe('lazyUntilOpen', () => {
  it('draws nothing and loads nothing until it opens; then stays drawn after closing', async () => {
    const { load, Part } = part();
    const { rerender } = render(<Part open={false} label="Share" />);
    expect(screen.queryByTestId('part')).toBeNull();
    expect(load).not.toHaveBeenCalled();
    rerender(<Part open label="Share" />);
    expect((await screen.findByTestId('part')).textContent).toBe('Share open');
    // Closing keeps it mounted (its closing animation runs), with the new props.
    rerender(<Part open={false} label="Share" />);
    expect(screen.getByTestId('part').textContent).toBe('Share closed');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('prefetch asks its script once, ahead of opening, and draws nothing', async () => {
    const { load, Part } = part();
    const { rerender } = render(<Part open={false} label="Unlock" />);
    Part.prefetch();
    Part.prefetch();
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('part')).toBeNull();
    rerender(<Part open label="Unlock" />);
    expect((await screen.findByTestId('part')).textContent).toBe('Unlock open');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks again after a failed fetch (a later open retries)', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof View }>>()
      .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ default: View });
    const Part = lazyUntilOpen<Props>(load, (props) => props.open);
    Part.prefetch();
    expect(load).toHaveBeenCalledTimes(1);
    // Once the failure has settled, the next prefetch asks again.
    await vi.waitFor(() => {
      Part.prefetch();
      expect(load).toHaveBeenCalledTimes(2);
    });
    render(<Part open label="Retry" />);
    expect((await screen.findByTestId('part')).textContent).toBe('Retry open');
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('lazyUntilOpen when its script fails', () => {
  it('draws nothing and leaves the page alone (no error reaches it); back online, it asks again', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof View }>>()
      .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ default: View });
    const Part = lazyUntilOpen<Props>(load, (props) => props.open);
    const caught = vi.fn();
    class PageBoundary extends Component<{ children: ReactNode }, { error: boolean }> {
      override state = { error: false };
      static getDerivedStateFromError() {
        return { error: true };
      }
      override componentDidCatch(error: unknown) {
        caught(error);
      }
      override render() {
        return this.state.error ? <p>page failed</p> : this.props.children;
      }
    }
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // React logs the caught error
    render(
      <PageBoundary>
        <p>page</p>
        <Part open label="Share" />
      </PageBoundary>,
    );
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await act(() => Promise.resolve());
    expect(screen.getByText('page')).toBeInTheDocument();
    expect(screen.queryByTestId('part')).toBeNull();
    expect(caught).not.toHaveBeenCalled();
    act(() => void window.dispatchEvent(new Event('online')));
    expect((await screen.findByTestId('part')).textContent).toBe('Share open');
    expect(load).toHaveBeenCalledTimes(2);
    expect(caught).not.toHaveBeenCalled();
  });
});
