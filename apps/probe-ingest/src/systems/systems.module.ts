import { Module } from '@nestjs/common';
import { SystemReplicaConsumer } from './system-replica.consumer';
import { SystemReplicaRepository } from './system-replica.repository';

@Module({
  controllers: [SystemReplicaConsumer],
  providers: [SystemReplicaRepository],
  exports: [SystemReplicaRepository],
})
export class SystemsReplicaModule {}
