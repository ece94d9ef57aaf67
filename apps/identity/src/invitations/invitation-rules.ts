import { HttpStatus } from '@nestjs/common';
import { ApiError, ErrorCode } from '@governance/platform';

export type InvitationStatus = 'pending' | 'accepted' | 'revoked' | 'expired';

export interface InvitationState {
  accepted_at: Date | null;
  revoked_at: Date | null;
  expires_at: Date;
}

/** Where an invitation stands at `now`; accepted and revoked are final, whatever the expiry says. */
export function invitationStatus(invitation: InvitationState, now: Date): InvitationStatus {
  if (invitation.accepted_at) return 'accepted';
  if (invitation.revoked_at) return 'revoked';
  return invitation.expires_at.getTime() <= now.getTime() ? 'expired' : 'pending';
}

/**
 * Why a token can no longer be used, each with its own code so the console can say what to do: an expired or
 * revoked invitation needs a new one from an admin; an accepted one was already used (sign in instead).
 */
export function unusableInvitation(status: Exclude<InvitationStatus, 'pending'>): ApiError {
  switch (status) {
    case 'expired':
      return new ApiError(
        HttpStatus.GONE,
        ErrorCode.InvitationExpired,
        'This invitation has expired; ask an admin of the organization for a new one',
      );
    case 'revoked':
      return new ApiError(
        HttpStatus.GONE,
        ErrorCode.InvitationRevoked,
        'This invitation was revoked; ask an admin of the organization for a new one',
      );
    case 'accepted':
      return new ApiError(
        HttpStatus.GONE,
        ErrorCode.InvitationAccepted,
        'This invitation was already accepted; sign in instead',
      );
  }
}

/** The link an invitation email carries: the console's page that reads the token and accepts it. */
export function acceptUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/invitations/accept?token=${encodeURIComponent(token)}`;
}

/** The invitation email: who invites whom to what, the link, and until when it works. */
export function invitationMail(invitation: {
  to: string;
  organizationName: string;
  inviterName: string | undefined;
  role: string;
  url: string;
  expiresAt: Date;
}) {
  const inviter = invitation.inviterName ?? 'An administrator';
  return {
    to: invitation.to,
    subject: `You are invited to ${invitation.organizationName} on AI Governance`,
    text: [
      `${inviter} invited you to join ${invitation.organizationName} on AI Governance as ${invitation.role}.`,
      '',
      `Accept the invitation: ${invitation.url}`,
      '',
      `The link works once, until ${invitation.expiresAt.toISOString()}. If you did not expect it, ignore this email.`,
    ].join('\n'),
  };
}
