import { IsString, Matches } from 'class-validator';

export class PolicySyncQuery {
  @IsString({ message: 'probe_id is required' })
  @Matches(/^prb_[0-9A-HJKMNP-TV-Z]{26}$/, { message: 'probe_id must be a probe id (prb_...)' })
  probe_id!: string;
}
