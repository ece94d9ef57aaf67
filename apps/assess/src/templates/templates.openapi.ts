import { FRAMEWORK_KEYS } from '@governance/frameworks';
import { listSchema, recordSchema } from '@governance/platform';

/* The OpenAPI description of the assessment templates. */

export const templateListSchema = listSchema(
  recordSchema({
    id: {
      type: 'string',
      enum: [...FRAMEWORK_KEYS],
      description: 'The framework key; pass it as `framework`.',
    },
    key: { type: 'string', enum: [...FRAMEWORK_KEYS] },
    name: { type: 'string' },
    version: { type: 'string' },
    control_count: { type: 'integer' },
    description: { type: 'string' },
  }),
);

export const templatesExample = {
  data: [
    {
      id: 'EU_AI_ACT',
      key: 'EU_AI_ACT',
      name: 'EU Artificial Intelligence Act',
      version: '2024/1689',
      control_count: 24,
      description: 'Obligations for providers and deployers of high-risk AI systems.',
    },
  ],
};
