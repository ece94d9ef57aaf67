import {
  type AcceptedInvitationResponse,
  type AcceptInvitationDto,
  type CreatedInvitationResponse,
  type CreateInvitationDto,
  type InvitationLookupResponse,
  type InvitationPageResponse,
  type InvitationResponse,
} from './invitation.dto';

/* Examples of invitations; the request and response types check them. */

const invitation: InvitationResponse = {
  id: 'inv_01JD62C3D4E5F6G7H8J9KMNPQR',
  email: 'sam.okafor@example.com',
  role: 'editor',
  invited_by: { type: 'user', id: 'usr_01JD60Z9Y8X7W6V5T4S3R2Q1P0' },
  created_at: '2026-11-22T09:30:00.000Z',
  expires_at: '2026-11-29T09:30:00.000Z',
};

const organization = { id: 'org_01JD5Y2B7C9D1E3F5G7H9J1K3M', name: 'Acme Insurance' };

export const examples = {
  create: { email: 'sam.okafor@example.com', role: 'editor' } satisfies CreateInvitationDto,
  created: {
    ...invitation,
    accept_url:
      'https://governance.example.com/invitations/accept?token=Yq3Wm8Pz1Lk6Rb0Tc5Vn2Xs7Hd4Jf9Ge3Ua8Oi2Ek5N',
  } satisfies CreatedInvitationResponse,
  page: { data: [invitation], next_cursor: null } satisfies InvitationPageResponse,
  lookup: {
    organization,
    email: 'sam.okafor@example.com',
    role: 'editor',
    expires_at: '2026-11-29T09:30:00.000Z',
    account_exists: false,
  } satisfies InvitationLookupResponse,
  accept: {
    token: 'Yq3Wm8Pz1Lk6Rb0Tc5Vn2Xs7Hd4Jf9Ge3Ua8Oi2Ek5N',
    name: 'Sam Okafor',
    password: 'correct horse battery staple',
  } satisfies AcceptInvitationDto,
  accepted: {
    user: { id: 'usr_01JD62D4E5F6G7H8J9KMNPQRST', email: 'sam.okafor@example.com', name: 'Sam Okafor' },
    organization,
    role: 'editor',
  } satisfies AcceptedInvitationResponse,
};
