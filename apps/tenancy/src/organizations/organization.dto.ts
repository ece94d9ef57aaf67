import { PLANS, type Plan } from '@governance/contracts';
import { IsIn, IsString, Length } from 'class-validator';

export class CreateOrganizationDto {
  @IsString()
  @Length(1, 200)
  name!: string;

  @IsIn(PLANS)
  plan!: Plan;
}

export interface OrganizationResponse {
  id: string;
  name: string;
  plan: Plan;
  api_key: string;
  created_at: string;
}

export interface ApiKeyResponse {
  id: string;
  organization_id: string;
  api_key: string;
  created_at: string;
}
