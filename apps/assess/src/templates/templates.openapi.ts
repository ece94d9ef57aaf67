import { type TemplateList } from './template.dto';

export const templatesExample: TemplateList = {
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
