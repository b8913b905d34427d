import Toast from 'antd-mobile/es/components/toast';
import { describe, expect, it, vi } from 'vitest';
import { hideToast, showNotify, showToast } from './toast';

vi.mock('antd-mobile/es/components/toast', () => ({ default: { show: vi.fn(), clear: vi.fn() } }));

describe('toast helper', () => {
  it('shows text without an icon for 2000 ms by default', async () => {
    showToast('Saved');
    await vi.waitFor(() =>
      expect(Toast.show).toHaveBeenLastCalledWith(
        expect.objectContaining({ content: 'Saved', icon: undefined, duration: 2000 }),
      ),
    );
  });

  it('shows a spinner for the loading type and honours a duration', async () => {
    showToast('Loading', { type: 'loading', duration: 0 });
    await vi.waitFor(() =>
      expect(Toast.show).toHaveBeenLastCalledWith(
        expect.objectContaining({ icon: 'loading', duration: 0, maskClickable: false }),
      ),
    );
    hideToast();
    await vi.waitFor(() => expect(Toast.clear).toHaveBeenCalled());
  });

  it('keeps a notification (a refusal, a lost connection) for 3000 ms', async () => {
    showNotify('Wrong payment password');
    await vi.waitFor(() =>
      expect(Toast.show).toHaveBeenLastCalledWith(
        expect.objectContaining({ content: 'Wrong payment password', duration: 3000 }),
      ),
    );
  });
});
