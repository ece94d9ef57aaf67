import { type AuditEntryResponse, type AuditPageResponse, type AuditVerifyResponse } from './audit.dto';

/* Examples of the audit trail; the response types check them. */

const entry = {
  id: '0193b1c2-7d4e-7a10-9c3e-5f2a1b0c9d8e',
  organization_id: 'org_01JD5Y2B7C9D1E3F5G7H9J1K3M',
  seq: 42,
  occurred_at: '2026-11-22T09:10:00.000Z',
  actor_type: 'user',
  actor_id: 'usr_01JD5Y7M3N5P7Q9R1S3T5V7W9X',
  service: 'systems',
  action: 'system.updated',
  target_type: 'system',
  target_id: 'sys_01JD60A1B2C3D4E5F6G7H8J9KM',
  address: '203.0.113.7',
  user_agent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5)',
  before: { risk_tier: 'unclassified' },
  after: { risk_tier: 'high' },
  previous_hash: '9f2c4e1a7b3d5f6081726354a5b6c7d8e9f0a1b2c3d4e5f60718293a4b5c6d7e',
  hash: '3b7e1f0c2d4a6b8c9e0f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f',
} satisfies AuditEntryResponse;

export const examples = {
  page: {
    data: [entry],
    next_cursor: 'WyIyMDI2LTExLTIyVDA5OjEwOjAwLjAwMFoiLCI0MiJd',
  } satisfies AuditPageResponse,
  verified: {
    ok: true,
    entries: 42,
    head: { seq: 42, hash: entry.hash },
    checkpoint: null,
  } satisfies AuditVerifyResponse,
};
