import { afterEach, describe, expect, it } from 'vitest';
import { currentToasts, dismissToast, toast } from './toast';

afterEach(() => {
  for (const t of currentToasts()) dismissToast(t.id);
});

describe('toasts', () => {
  it('drop a message identical to one already displayed (spec sections 5 and 9)', () => {
    toast.error('Invalid OTP');
    toast.error('Invalid OTP');
    toast.success('Invalid OTP');
    toast.error('Maximum attempt reached. Please try again later');
    expect(currentToasts().map((t) => [t.kind, t.message])).toEqual([
      ['error', 'Invalid OTP'],
      ['error', 'Maximum attempt reached. Please try again later'],
    ]);
  });

  it('show the same message again once the first one is gone', () => {
    toast.success('OTP sent');
    dismissToast(currentToasts()[0]!.id);
    toast.success('OTP sent');
    expect(currentToasts()).toHaveLength(1);
  });

  it('ignore empty messages', () => {
    toast.error('   ');
    expect(currentToasts()).toHaveLength(0);
  });
});
