import { type ApiKeyResponse, type OrganizationResponse } from './organization.dto';

/* Examples of the admin API; the response types check them. */

export const examples = {
  create: { name: 'Acme Insurance', plan: 'professional', owner_email: 'ada@acme.example' },
  organization: {
    id: 'org_01JD5Y2B7C9D1E3F5G7H9J1K3M',
    name: 'Acme Insurance',
    plan: 'professional',
    api_key: 'sk_01JD5Y2B7C9D1E3F5G7H9J1K3N_Xq2v8Lr5Tn0Wb4Yc7Zd1Ae3Sf6Gh9JkLm2Np4Qr6St8',
    created_at: '2026-11-22T09:00:00.000Z',
    owner_setup_url: 'https://governance.example.com/setup?token=Pa4Tz9Qm1Lx6Rv3Kc8Wn2Hd5Fs7Jb0Yg1Ue4Io6Nq8',
  } satisfies OrganizationResponse,
  apiKey: {
    id: 'key_01JD5Y9P2Q4R6S8T0V2W4X6Y8Z',
    organization_id: 'org_01JD5Y2B7C9D1E3F5G7H9J1K3M',
    api_key: 'sk_01JD5Y9P2Q4R6S8T0V2W4X6Y8Z_Mb6Nc2Pd8Qe4Rf0Sg6Th2Uj8Vk4Wl0XmYn3Zo5Ap7Bq',
    created_at: '2026-11-22T09:05:00.000Z',
  } satisfies ApiKeyResponse,
};
