import { Module } from '@nestjs/common';
import { ProbesModule } from '../probes/probes.module';
import { PolicyReplicaConsumer } from './policy-replica.consumer';
import { PolicyReplicaRepository } from './policy-replica.repository';
import { PolicySyncController } from './policy-sync.controller';
import { PolicySyncService } from './policy-sync.service';

/** The replica of the policies service's policies, and the policy-sync endpoint probes read it by. */
@Module({
  imports: [ProbesModule],
  controllers: [PolicySyncController, PolicyReplicaConsumer],
  providers: [PolicySyncService, PolicyReplicaRepository],
  exports: [PolicyReplicaRepository],
})
export class PolicySyncModule {}
