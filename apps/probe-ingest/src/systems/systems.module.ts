import { Module } from '@nestjs/common';
import { SYSTEM_SNAPSHOT_STORE, SystemSnapshotsConsumer } from '@governance/replicas';
import { SystemReplicaRepository } from './system-replica.repository';

@Module({
  controllers: [SystemSnapshotsConsumer],
  providers: [
    SystemReplicaRepository,
    { provide: SYSTEM_SNAPSHOT_STORE, useExisting: SystemReplicaRepository },
  ],
  exports: [SystemReplicaRepository],
})
export class SystemsReplicaModule {}
