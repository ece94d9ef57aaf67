import { type FrameworkImportResponse, type PolicyResponse } from './policy.dto';

/* Examples of the policies API; the response types check them. */

const policy: PolicyResponse = {
  id: 'pol_01JD62A3B4C5D6E7F8G9H0J1K2',
  name: 'No personal data to external models',
  description: 'Block calls that carry a detected e-mail address to a public AI API.',
  enforcement_mode: 'BLOCK',
  status: 'active',
  severity: 'CRITICAL',
  severity_by_mode: true,
  rules: {
    all: [
      { field: 'labels.pii', op: 'eq', value: 'email' },
      { field: 'observed_endpoint', op: 'contains', value: 'api.openai.com' },
    ],
  },
  scope: { all_systems: true },
  framework: null,
  control: null,
  version: 1,
  created_at: '2026-11-22T10:30:00.000Z',
  updated_at: '2026-11-22T10:30:00.000Z',
};

export const examples = {
  create: {
    name: policy.name,
    description: policy.description,
    enforcement_mode: 'BLOCK',
    rules: policy.rules,
  },
  policy,
  page: { data: [policy], next_cursor: null },
  mode: { enforcement_mode: 'WARN' },
  update: {
    rules: { field: 'labels.pii', op: 'in', value: ['email', 'phone'] },
    status: 'disabled',
    version: 1,
    reason: 'Flags support e-mails too often; disabled until the rule is narrowed.',
  },
  updated: {
    ...policy,
    rules: { field: 'labels.pii', op: 'in', value: ['email', 'phone'] },
    status: 'disabled',
    version: 2,
    updated_at: '2026-11-22T11:05:00.000Z',
  } satisfies PolicyResponse,
  toggled: {
    ...policy,
    enforcement_mode: 'WARN',
    version: 2,
    updated_at: '2026-11-22T10:45:00.000Z',
  } satisfies PolicyResponse,
  imported: {
    framework: 'EU_AI_ACT',
    created: [
      {
        ...policy,
        id: 'pol_01JD62C5D6E7F8G9H0J1K2M3N4',
        name: 'EU AI Act Art. 12: record-keeping',
        description: 'Every call carries the request id the logs need.',
        enforcement_mode: 'WARN',
        severity: 'HIGH',
        rules: { not: { field: 'labels.request_id', op: 'exists' } },
        framework: 'EU_AI_ACT',
        control: 'EU_AI_ACT:ART-12.1',
      },
    ],
    already_imported: [],
    created_count: 1,
    already_imported_count: 0,
  } satisfies FrameworkImportResponse,
};
