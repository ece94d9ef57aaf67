export interface SignInLimits {
  /** Failed sign-ins one account may take within the window. */
  perAccount: number;
  /** Failed sign-ins one address may make within the window, over all accounts. */
  perAddress: number;
  windowMs: number;
}

/** Failed sign-ins within the window, of the account named and of the address asking, in any order. */
export interface RecentFailures {
  account: Date[];
  address: Date[];
}

/**
 * Whether a sign-in may be tried now, and if not, in how many seconds (the `Retry-After`). Refused while
 * the account or the address has had its limit of failures within the window; it may try again once the
 * oldest failure that keeps the count at the limit leaves the window.
 */
export function signInRefusal(
  failures: RecentFailures,
  limits: SignInLimits,
  now: Date,
): { retryAfterSeconds: number } | undefined {
  const clearsAt = [
    clearingTime(failures.account, limits.perAccount, limits.windowMs),
    clearingTime(failures.address, limits.perAddress, limits.windowMs),
  ].filter((time): time is number => time !== undefined);
  if (clearsAt.length === 0) return undefined;
  const waitMs = Math.max(...clearsAt) - now.getTime();
  return { retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}

function clearingTime(failures: Date[], limit: number, windowMs: number): number | undefined {
  if (failures.length < limit) return undefined;
  const newestFirst = failures.map((failure) => failure.getTime()).sort((a, b) => b - a);
  return newestFirst[limit - 1]! + windowMs;
}
