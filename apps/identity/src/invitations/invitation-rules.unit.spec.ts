import { ErrorCode } from '@governance/platform';
import { acceptUrl, invitationMail, invitationStatus, unusableInvitation } from './invitation-rules';

const now = new Date('2026-11-22T09:00:00.000Z');
const later = new Date(now.getTime() + 1_000);
const earlier = new Date(now.getTime() - 1_000);

describe('invitationStatus', () => {
  it('is pending until it expires', () => {
    expect(invitationStatus({ accepted_at: null, revoked_at: null, expires_at: later }, now)).toBe('pending');
    expect(invitationStatus({ accepted_at: null, revoked_at: null, expires_at: now }, now)).toBe('expired');
    expect(invitationStatus({ accepted_at: null, revoked_at: null, expires_at: earlier }, now)).toBe(
      'expired',
    );
  });

  it('stays accepted or revoked, whether or not it has expired since', () => {
    expect(invitationStatus({ accepted_at: earlier, revoked_at: null, expires_at: earlier }, now)).toBe(
      'accepted',
    );
    expect(invitationStatus({ accepted_at: null, revoked_at: earlier, expires_at: later }, now)).toBe(
      'revoked',
    );
  });
});

describe('unusableInvitation', () => {
  it('answers 410 with a code for each reason', () => {
    expect(
      (['expired', 'revoked', 'accepted'] as const).map((status) => {
        const error = unusableInvitation(status);
        return [error.status, error.code];
      }),
    ).toEqual([
      [410, ErrorCode.InvitationExpired],
      [410, ErrorCode.InvitationRevoked],
      [410, ErrorCode.InvitationAccepted],
    ]);
  });
});

describe('acceptUrl', () => {
  it('is the console’s acceptance page with the token in the query', () => {
    expect(acceptUrl('https://governance.example.com', 'abc_DEF-123')).toBe(
      'https://governance.example.com/invitations/accept?token=abc_DEF-123',
    );
  });
});

describe('invitationMail', () => {
  it('names the organization, the inviter, the role, the link and its expiry', () => {
    const mail = invitationMail({
      to: 'sam@example.com',
      organizationName: 'Acme',
      inviterName: 'Dana Reyes',
      role: 'editor',
      url: 'https://governance.example.com/invitations/accept?token=t',
      expiresAt: now,
    });
    expect(mail.to).toBe('sam@example.com');
    expect(mail.subject).toBe('You are invited to Acme on AI Governance');
    expect(mail.text).toContain('Dana Reyes invited you to join Acme on AI Governance as editor.');
    expect(mail.text).toContain('https://governance.example.com/invitations/accept?token=t');
    expect(mail.text).toContain(now.toISOString());
  });

  it('says an administrator invited when no person did', () => {
    const mail = invitationMail({
      to: 'sam@example.com',
      organizationName: 'Acme',
      inviterName: undefined,
      role: 'viewer',
      url: 'u',
      expiresAt: now,
    });
    expect(mail.text).toMatch(/^An administrator invited you/);
  });
});
