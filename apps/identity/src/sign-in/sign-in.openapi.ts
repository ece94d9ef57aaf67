import {
  type MeResponse,
  type ResetLinkResponse,
  type SessionListResponse,
  type SetupLinkResponse,
  type SignInResponse,
} from './sign-in.dto';
import { RESET_REQUESTED } from './passwords.service';

/* Examples of the sign-in API; the response types check them. */

const user = { id: 'usr_01JD5Y2B7C9D1E3F5G7H9J1K3P', email: 'ada@acme.example', name: 'Ada Lovelace' };
const organizations = [
  { id: 'org_01JD5Y2B7C9D1E3F5G7H9J1K3M', name: 'Acme Insurance', role: 'owner' as const },
];
const token = 'Xq2v8Lr5Tn0Wb4Yc7Zd1Ae3Sf6Gh9JkLm2Np4Qr6St8';

export const examples = {
  login: { email: 'ada@acme.example', password: 'correct horse battery staple' },
  signedIn: { user, organizations } satisfies SignInResponse,
  me: {
    user,
    organizations,
    session: {
      id: 'ses_01JD5Z0A1B2C3D4E5F6G7H8J9K',
      created_at: '2026-11-22T09:00:00.000Z',
      last_seen_at: '2026-11-22T10:30:00.000Z',
      idle_expires_at: '2026-11-22T22:30:00.000Z',
    },
  } satisfies MeResponse,
  sessions: {
    data: [
      {
        id: 'ses_01JD5Z0A1B2C3D4E5F6G7H8J9K',
        created_at: '2026-11-22T09:00:00.000Z',
        last_seen_at: '2026-11-22T10:30:00.000Z',
        idle_expires_at: '2026-11-22T22:30:00.000Z',
        address: '203.0.113.7',
        user_agent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) Firefox/133.0',
        current: true,
      },
      {
        id: 'ses_01JD4A7M2N3P4Q5R6S7T8V9W0X',
        created_at: '2026-11-20T14:12:00.000Z',
        last_seen_at: '2026-11-21T08:01:00.000Z',
        idle_expires_at: '2026-11-21T20:01:00.000Z',
        address: '198.51.100.23',
        user_agent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Safari/604.1',
        current: false,
      },
    ],
  } satisfies SessionListResponse,
  changePassword: {
    current_password: 'correct horse battery staple',
    new_password: 'purple tractor on a quiet hill',
  },
  passwordReset: { email: 'ada@acme.example' },
  passwordResetAccepted: RESET_REQUESTED,
  passwordResetConfirm: { token, new_password: 'purple tractor on a quiet hill' },
  setupLink: {
    setup_url: `https://governance.example.com/setup?token=${token}`,
    expires_at: '2026-11-29T09:00:00.000Z',
  } satisfies SetupLinkResponse,
  resetLink: {
    reset_url: `https://governance.example.com/reset-password?token=${token}`,
    expires_at: '2026-11-22T10:00:00.000Z',
  } satisfies ResetLinkResponse,
  setup: {
    token,
    email: 'ada@acme.example',
    name: 'Ada Lovelace',
    password: 'correct horse battery staple',
    organization_name: 'Acme Insurance',
  },
};
