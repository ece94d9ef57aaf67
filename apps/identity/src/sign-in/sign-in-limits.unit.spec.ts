import { signInRefusal } from './sign-in-limits';

describe('signInRefusal', () => {
  const limits = { perAccount: 3, perAddress: 5, windowMs: 60_000 };
  const now = new Date('2026-11-22T09:00:00.000Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);

  it('allows a sign-in below both limits', () => {
    expect(signInRefusal({ account: [], address: [] }, limits, now)).toBeUndefined();
    expect(signInRefusal({ account: [ago(1), ago(2)], address: [ago(1), ago(2)] }, limits, now)).toBe(
      undefined,
    );
  });

  it('refuses an account at its limit until the failure that keeps it there leaves the window', () => {
    const account = [ago(1_000), ago(50_000), ago(10_000), ago(59_000)];
    // Newest first: 1 s, 10 s, 50 s, 59 s ago. The third newest (50 s ago) leaves the window in 10 s.
    expect(signInRefusal({ account, address: [] }, limits, now)).toEqual({ retryAfterSeconds: 10 });
  });

  it('refuses an address at its limit, whichever accounts it tried', () => {
    const address = [1, 2, 3, 4, 5].map((s) => ago(s * 1_000));
    expect(signInRefusal({ account: [], address }, limits, now)).toEqual({ retryAfterSeconds: 55 });
  });

  it('waits for the later of the two when both are at their limit', () => {
    const account = [ago(30_000), ago(30_000), ago(30_000)];
    const address = [1, 2, 3, 4, 5].map((s) => ago(s * 1_000));
    expect(signInRefusal({ account, address }, limits, now)).toEqual({ retryAfterSeconds: 55 });
  });

  it('rounds up, and never says less than one second', () => {
    expect(signInRefusal({ account: [ago(100), ago(100), ago(100)], address: [] }, limits, now)).toEqual({
      retryAfterSeconds: 60,
    });
    expect(signInRefusal({ account: [ago(59_999), now, now], address: [] }, limits, now)).toEqual({
      retryAfterSeconds: 1,
    });
    expect(
      signInRefusal({ account: [ago(60_000), now, now], address: [] }, { ...limits, windowMs: 60_000 }, now),
    ).toEqual({ retryAfterSeconds: 1 });
  });
});
