import { Module } from '@nestjs/common';
import { AuditController } from './audit.controller';
import { AuditRepository } from './audit.repository';
import { AuditRetention } from './audit-retention';
import { AuditTrailConsumer } from './audit-trail.consumer';
import { AuditTrailService } from './audit-trail.service';

/** The audit trail: chained from every service's audit events, read, exported, verified, and kept. */
@Module({
  controllers: [AuditController, AuditTrailConsumer],
  providers: [AuditTrailService, AuditRepository, AuditRetention],
})
export class AuditModule {}
