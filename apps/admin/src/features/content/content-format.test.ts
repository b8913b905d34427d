import { describe, expect, it } from 'vitest';
import { isActiveJob, JOB_COLORS } from './content-format';

describe('content formatting', () => {
  it('treats queued and running jobs as active, finished ones not', () => {
    expect(isActiveJob({ status: 'queued' })).toBe(true);
    expect(isActiveJob({ status: 'running' })).toBe(true);
    expect(isActiveJob({ status: 'done' })).toBe(false);
    expect(isActiveJob({ status: 'failed' })).toBe(false);
    expect(JOB_COLORS.failed).toBe('error');
  });
});
