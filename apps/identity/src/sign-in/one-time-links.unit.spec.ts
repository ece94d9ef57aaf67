import { sha256Hex } from '@governance/auth';
import { linkInvalid, linkRefusal, newLinkToken } from './one-time-links';

describe('one-time links', () => {
  it('draws a fresh 32-byte token and keeps only its digest', () => {
    const first = newLinkToken();
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.tokenSha256).toBe(sha256Hex(first.token));
    expect(newLinkToken().token).not.toBe(first.token);
  });

  it('says why a link cannot be used: unknown, then used, then expired', () => {
    expect(linkRefusal(undefined)).toBe('unknown');
    expect(linkRefusal({ used_at: new Date(), expired: true })).toBe('used');
    expect(linkRefusal({ used_at: null, expired: true })).toBe('expired');
    expect(linkRefusal({ used_at: null, expired: false })).toBeUndefined();
  });

  it('answers 410 link_invalid with the reason', () => {
    expect(linkInvalid('used').toBody()).toEqual({
      error: {
        code: 'link_invalid',
        message: 'This link has been used already; ask for a new one',
        details: { reason: 'used' },
      },
    });
    expect(linkInvalid('expired').status).toBe(410);
  });
});
