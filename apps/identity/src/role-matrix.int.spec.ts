import { describeRoleMatrix } from '@governance/testing';
import { addPerson, createOrganization, startIdentity } from './members/testing/people-kit';
import { identityService } from './service';

describeRoleMatrix({
  service: 'identity',
  schema: identityService.schema,
  start: ({ env }) => startIdentity(env),
  // Identity checks its own tables: people are made through its services, keys through its API.
  people: async (harness) => {
    const org = await createOrganization(harness);
    return {
      member: async (role) => (await addPerson(harness, org.id, role)).headers,
      apiKey: async (scope) => {
        const issued = await harness.request('POST', '/api/service/api-keys', org.apiKey, {
          name: `Matrix ${scope}`,
          scope,
        });
        return issued.json<{ api_key: string }>().api_key;
      },
    };
  },
  // The audit trail's consumer chains the setup's own entries while the calls run.
  ignoredTables: ['audit_entries', 'audit_chains', 'processed_events'],
});
