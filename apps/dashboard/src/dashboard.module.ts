import { type DynamicModule, Module } from '@nestjs/common';
import { SystemsReplica } from '@governance/replicas';
import { DASHBOARD_CONFIG, type DashboardConfig } from './config';
import { ProjectionConsumer } from './projection/projection.consumer';
import { ProjectionRepository } from './projection/projection.repository';
import { ProjectionService } from './projection/projection.service';
import { DashboardController } from './summary/dashboard.controller';
import { DashboardQueryRepository } from './summary/dashboard-query.repository';
import { DashboardService } from './summary/dashboard.service';

/** The read side (HTTP) and the write side (the projection consumer) of the dashboard's read model. */
@Module({})
export class DashboardModule {
  static register(config: DashboardConfig): DynamicModule {
    return {
      module: DashboardModule,
      controllers: [DashboardController, ProjectionConsumer],
      providers: [
        { provide: DASHBOARD_CONFIG, useValue: config },
        DashboardService,
        DashboardQueryRepository,
        ProjectionService,
        ProjectionRepository,
        { provide: SystemsReplica, useValue: new SystemsReplica('dashboard') },
      ],
    };
  }
}
