import {
  type DynamicModule,
  Inject,
  Module,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { ReadinessChecks } from '@governance/platform';
import { DataSource } from 'typeorm';
import { createServiceDataSource, migrate, type ServiceDataSourceOptions } from './data-source';

export interface PersistenceOptions extends ServiceDataSourceOptions {
  /** Apply pending migrations at start; a deployment with a migration job turns this off. */
  runMigrations: boolean;
}

const PERSISTENCE_OPTIONS = Symbol('PERSISTENCE_OPTIONS');

@Module({})
export class PersistenceModule implements OnModuleInit, OnApplicationShutdown {
  constructor(
    private readonly dataSource: DataSource,
    private readonly readiness: ReadinessChecks,
    @Inject(PERSISTENCE_OPTIONS) private readonly options: PersistenceOptions,
  ) {}

  static forService(options: PersistenceOptions): DynamicModule {
    return {
      module: PersistenceModule,
      global: true,
      providers: [
        { provide: PERSISTENCE_OPTIONS, useValue: options },
        {
          provide: DataSource,
          useFactory: async () => {
            const dataSource = createServiceDataSource(options);
            await dataSource.initialize();
            return dataSource;
          },
        },
      ],
      exports: [DataSource],
    };
  }

  async onModuleInit(): Promise<void> {
    if (this.options.runMigrations) await migrate(this.dataSource, this.options.schema);
    this.readiness.register('database', async () => {
      await this.dataSource.query('SELECT 1');
    });
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}
