import { Toast } from 'antd-mobile';
import { describe, expect, it, vi } from 'vitest';
import { hideToast, showNotify, showToast } from './toast';

vi.mock('antd-mobile', () => ({ Toast: { show: vi.fn(), clear: vi.fn() } }));

describe('toast helper', () => {
  it('shows text without an icon for 2000 ms by default', () => {
    showToast('Saved');
    expect(Toast.show).toHaveBeenLastCalledWith(
      expect.objectContaining({ content: 'Saved', icon: undefined, duration: 2000 }),
    );
  });

  it('shows a spinner for the loading type and honours a duration', () => {
    showToast('Loading', { type: 'loading', duration: 0 });
    expect(Toast.show).toHaveBeenLastCalledWith(
      expect.objectContaining({ icon: 'loading', duration: 0, maskClickable: false }),
    );
    hideToast();
    expect(Toast.clear).toHaveBeenCalled();
  });

  it('keeps a notification (a refusal, a lost connection) for 3000 ms', () => {
    showNotify('Wrong payment password');
    expect(Toast.show).toHaveBeenLastCalledWith(
      expect.objectContaining({ content: 'Wrong payment password', duration: 3000 }),
    );
  });
});
