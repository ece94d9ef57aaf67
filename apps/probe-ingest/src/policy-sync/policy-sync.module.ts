import { Module } from '@nestjs/common';
import { PolicyReplicaConsumer } from './policy-replica.consumer';
import { PolicyReplicaRepository } from './policy-replica.repository';
import { PolicySyncController } from './policy-sync.controller';
import { PolicySyncService } from './policy-sync.service';

/** The policies replica, fed by the policies service's snapshots, and the policy-sync endpoint over it. */
@Module({
  controllers: [PolicySyncController, PolicyReplicaConsumer],
  providers: [PolicyReplicaRepository, PolicySyncService],
  exports: [PolicyReplicaRepository],
})
export class PolicySyncModule {}
