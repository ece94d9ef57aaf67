import { Controller, type MessageEvent, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { WEBHOOK_PLANS } from '@governance/contracts';
import { AuthGuard, OrganizationId, RequirePermission, RequirePlans } from '@governance/auth';
import { LiveChanges } from '@governance/persistence';
import { ApiErrors, ApiKeyAuth, LiveStream } from '@governance/platform';
import { type Observable } from 'rxjs';

/** The delivery log, live: the console's portal refreshes it as deliveries are made and attempted. */
@Controller('v1/webhooks')
@UseGuards(AuthGuard)
@RequirePlans(WEBHOOK_PLANS, 'Webhooks')
@ApiTags('Webhooks')
@ApiKeyAuth()
@ApiErrors(403)
export class DeliveriesStreamController {
  constructor(private readonly live: LiveChanges) {}

  @RequirePermission('webhooks:read')
  @LiveStream('stream', ['deliveries'], {
    summary: 'Follow deliveries live',
    description:
      'Tells the console when a delivery of any of the organization’s webhooks was created or attempted ' +
      '(`deliveries`).',
  })
  stream(@OrganizationId() organizationId: string): Observable<MessageEvent> {
    return this.live.stream(organizationId, ['deliveries']);
  }
}
