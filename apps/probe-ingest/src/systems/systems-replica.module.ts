import { Module } from '@nestjs/common';
import { SYSTEM_SNAPSHOT_STORE, SystemSnapshotsConsumer } from '@governance/replicas';
import { SystemReplicaRepository } from './system-replica.repository';

/** This service's copy of the systems, kept from the systems service's snapshots. */
@Module({
  controllers: [SystemSnapshotsConsumer],
  providers: [
    SystemReplicaRepository,
    { provide: SYSTEM_SNAPSHOT_STORE, useExisting: SystemReplicaRepository },
  ],
  exports: [SystemReplicaRepository],
})
export class SystemsReplicaModule {}
