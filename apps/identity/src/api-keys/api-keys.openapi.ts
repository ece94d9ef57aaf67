import {
  type ApiKeyPageResponse,
  type ApiKeyResponse,
  type CreateApiKeyDto,
  type CreatedApiKeyResponse,
} from './api-key.dto';

/* Examples of the self-serve API keys; the request and response types check them. */

const key: ApiKeyResponse = {
  id: 'key_01JD61B2C3D4E5F6G7H8J9KMNP',
  name: 'CI pipeline',
  scope: 'read_only',
  created_by: { type: 'user', id: 'usr_01JD60Z9Y8X7W6V5T4S3R2Q1P0' },
  created_at: '2026-11-22T09:20:00.000Z',
  last_used_at: '2026-11-22T10:02:00.000Z',
  revoked_at: null,
};

export const examples = {
  create: { name: 'CI pipeline', scope: 'read_only' } satisfies CreateApiKeyDto,
  page: { data: [key], next_cursor: null } satisfies ApiKeyPageResponse,
  created: {
    ...key,
    last_used_at: null,
    api_key: 'sk_01JD61B2C3D4E5F6G7H8J9KMNP_Hk3Lm9Np2Qr5St8Uv1Wx4Yz7Ab0Cd3Ef6Gh9Jk2Mn5P',
  } satisfies CreatedApiKeyResponse,
};
