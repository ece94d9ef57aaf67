import { PLANS } from '@governance/contracts';
import { dtoSchema, idSchema, recordSchema, type SchemaObject, timestampSchema } from '@governance/platform';
import { CreateOrganizationDto } from './organization.dto';

/* The OpenAPI description of the admin API: the request schema comes from the DTO. */

const apiKey: SchemaObject = {
  type: 'string',
  pattern: '^sk_[0-9A-HJKMNP-TV-Z]{26}_[A-Za-z0-9_-]{43}$',
  description: 'The API key, shown once, in this response only. Send it as `Authorization: Bearer <key>`.',
};

export const createOrganizationBody = dtoSchema(CreateOrganizationDto, {
  plan: { description: 'Webhooks need professional, federal or embedded.' },
});

export const organizationSchema = recordSchema({
  id: idSchema('org'),
  name: { type: 'string' },
  plan: { type: 'string', enum: [...PLANS] },
  api_key: apiKey,
  created_at: timestampSchema(),
});

export const apiKeySchema = recordSchema({
  id: idSchema('key'),
  organization_id: idSchema('org'),
  api_key: apiKey,
  created_at: timestampSchema(),
});

export const examples = {
  create: { name: 'Acme Insurance', plan: 'professional' },
  organization: {
    id: 'org_01JD5Y2B7C9D1E3F5G7H9J1K3M',
    name: 'Acme Insurance',
    plan: 'professional',
    api_key: 'sk_01JD5Y2B7C9D1E3F5G7H9J1K3N_Xq2v8Lr5Tn0Wb4Yc7Zd1Ae3Sf6Gh9JkLm2Np4Qr6St8',
    created_at: '2026-11-22T09:00:00.000Z',
  },
  apiKey: {
    id: 'key_01JD5Y9P2Q4R6S8T0V2W4X6Y8Z',
    organization_id: 'org_01JD5Y2B7C9D1E3F5G7H9J1K3M',
    api_key: 'sk_01JD5Y9P2Q4R6S8T0V2W4X6Y8Z_Mb6Nc2Pd8Qe4Rf0Sg6Th2Uj8Vk4Wl0XmYn3Zo5Ap7Bq',
    created_at: '2026-11-22T09:05:00.000Z',
  },
};
