import { FRAMEWORK_KEYS } from '@governance/frameworks';
import { List, StringEnum } from '@governance/platform';
import { type Static, Type } from '@sinclair/typebox';

export const TemplateResponse = Type.Object({
  id: StringEnum(FRAMEWORK_KEYS, 'The framework key; pass it as `framework`.'),
  key: StringEnum(FRAMEWORK_KEYS),
  name: Type.String(),
  version: Type.String(),
  control_count: Type.Integer(),
  description: Type.String(),
});
export type TemplateResponse = Static<typeof TemplateResponse>;

export const TemplateList = List(TemplateResponse);
export type TemplateList = Static<typeof TemplateList>;
