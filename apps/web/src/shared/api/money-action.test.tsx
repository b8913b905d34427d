import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { useMoneyAction } from './money-action';

const refusal = () =>
  new ApiError('api', 'Insufficient balance', {
    code: 409,
    body: { errorKey: 'InsufficientFunds' } as never,
  });
const offline = () => new ApiError('network', 'offline');

/** Sends through the hook, recording the id each try carried. */
function recorder() {
  const ids: string[] = [];
  const send =
    (outcome: 'ok' | 'refuse' | 'offline') =>
    (id: string): Promise<string> => {
      ids.push(id);
      if (outcome === 'ok') return Promise.resolve(`order-${ids.length}`);
      return Promise.reject(outcome === 'refuse' ? refusal() : offline());
    };
  return { ids, send };
}

describe('useMoneyAction', () => {
  it('sends nothing before it begins, and nothing more once done', async () => {
    const { result } = renderHook(() => useMoneyAction());
    const { ids, send } = recorder();
    expect(await result.current.run(send('ok'))).toBeNull();
    act(() => result.current.begin());
    expect(await act(() => result.current.run(send('ok')))).toEqual({ kind: 'done', answer: 'order-1' });
    expect(await result.current.run(send('ok'))).toBeNull();
    expect(ids).toHaveLength(1);
  });

  it('keeps the id after no answer, even when the confirmation opens again for the same thing', async () => {
    const { result } = renderHook(() => useMoneyAction());
    const { ids, send } = recorder();
    act(() => result.current.begin('premium'));
    expect((await act(() => result.current.run(send('offline'))))?.kind).toBe('noAnswer');
    act(() => result.current.begin('premium'));
    await act(() => result.current.run(send('ok')));
    expect(ids[1]).toBe(ids[0]);
    // Another thing is another request.
    act(() => result.current.begin('premium'));
    act(() => result.current.begin('director'));
    await act(() => result.current.run(send('ok')));
    expect(new Set(ids).size).toBe(2);
  });

  it('makes a new id after a refusal', async () => {
    const { result } = renderHook(() => useMoneyAction());
    const { ids, send } = recorder();
    act(() => result.current.begin());
    const refused = await act(() => result.current.run(send('refuse')));
    expect(refused).toMatchObject({ kind: 'refused' });
    await act(() => result.current.run(send('ok')));
    expect(ids).toHaveLength(2);
    expect(ids[1]).not.toBe(ids[0]);
  });

  it('sends one try at a time: a double tap sends nothing more', async () => {
    const { result } = renderHook(() => useMoneyAction());
    act(() => result.current.begin());
    let answer: (value: string) => void = () => undefined;
    const sent: string[] = [];
    const slow = (id: string) => {
      sent.push(id);
      return new Promise<string>((resolve) => (answer = resolve));
    };
    let first: Promise<unknown> = Promise.resolve();
    act(() => {
      first = result.current.run(slow);
    });
    expect(result.current.busy).toBe(true);
    expect(await result.current.run(slow)).toBeNull();
    await act(async () => {
      answer('order');
      await first;
    });
    expect(result.current.busy).toBe(false);
    expect(sent).toHaveLength(1);
  });
});
