import { type SecretBox } from '@governance/platform';

const DEFAULT_MAX_WEBHOOKS = 10_000;

interface OpenedSecret {
  sealed: string;
  secret: string;
}

/**
 * Opened signing secrets by webhook, so a burst of deliveries costs one AES-GCM open. An entry serves only
 * the sealed value it came from (a rotated secret has a fresh IV). The least recently used goes first.
 */
export class SigningSecretCache {
  private readonly opened = new Map<string, OpenedSecret>();

  constructor(
    private readonly box: SecretBox,
    private readonly maxWebhooks = DEFAULT_MAX_WEBHOOKS,
  ) {}

  /** Throws as `SecretBox.open` does when the sealed value does not open for this webhook. */
  open(sealed: string, webhookId: string): string {
    const cached = this.opened.get(webhookId);
    // Re-inserting keeps the Map in least-recently-used order.
    this.opened.delete(webhookId);
    if (cached?.sealed === sealed) {
      this.opened.set(webhookId, cached);
      return cached.secret;
    }
    const secret = this.box.open(sealed, webhookId);
    this.opened.set(webhookId, { sealed, secret });
    if (this.opened.size > this.maxWebhooks) {
      const oldest = this.opened.keys().next();
      if (!oldest.done) this.opened.delete(oldest.value);
    }
    return secret;
  }
}
