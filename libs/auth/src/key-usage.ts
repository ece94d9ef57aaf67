import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { newUuidV7 } from '@governance/contracts';
import { auditEventMessage, UnitOfWork } from '@governance/messaging';
import { PeriodicTask } from '@governance/platform';

export const KEY_USAGE_REPORT_MS = Symbol('KEY_USAGE_REPORT_MS');

/**
 * Remembers which API keys were used and reports them to identity every interval as `api_key.used`, so a
 * key's `last_used_at` is known without a write on every request.
 */
@Injectable()
export class KeyUsage implements OnApplicationBootstrap, OnApplicationShutdown {
  private used = new Map<string, { organizationId: string; at: Date }>();
  private readonly reporter: PeriodicTask<void>;

  constructor(
    private readonly unitOfWork: UnitOfWork,
    @Inject(KEY_USAGE_REPORT_MS) intervalMs: number,
  ) {
    this.reporter = new PeriodicTask(intervalMs, () => this.report());
  }

  noteUsed(keyId: string, organizationId: string): void {
    this.used.set(keyId, { organizationId, at: new Date() });
  }

  onApplicationBootstrap(): void {
    this.reporter.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.reporter.stop();
    await this.report().catch(() => undefined);
  }

  private async report(): Promise<void> {
    if (this.used.size === 0) return;
    const batch = this.used;
    this.used = new Map();
    try {
      await this.unitOfWork.run((tx) => {
        for (const [keyId, { organizationId, at }] of batch)
          tx.publish(
            auditEventMessage({
              id: newUuidV7(),
              organization_id: organizationId,
              event: 'api_key.used',
              timestamp: at.toISOString(),
              details: { key_id: keyId, used_at: at.toISOString() },
            }),
          );
        return Promise.resolve();
      });
    } catch {
      // Kept for the next report (the database is away), unless a newer use replaced it meanwhile.
      for (const [keyId, use] of batch) if (!this.used.has(keyId)) this.used.set(keyId, use);
    }
  }
}
