import { type SecretBox } from '@governance/platform';

const DEFAULT_MAX_WEBHOOKS = 10_000;
/** The current secret and, during a rotation's overlap, the previous one. */
const SECRETS_PER_WEBHOOK = 2;

interface OpenedSecret {
  sealed: string;
  secret: string;
}

/**
 * Opened signing secrets by webhook, so a burst of deliveries costs one AES-GCM open per secret. An entry
 * serves only the sealed value it came from (a rotated secret has a fresh IV); a webhook keeps its two
 * most recently opened, which during an overlap are its current and previous secrets. The least recently
 * used webhook goes first.
 */
export class SigningSecretCache {
  private readonly opened = new Map<string, OpenedSecret[]>();

  constructor(
    private readonly box: SecretBox,
    private readonly maxWebhooks = DEFAULT_MAX_WEBHOOKS,
  ) {}

  /** Throws as `SecretBox.open` does when the sealed value does not open for this webhook. */
  open(sealed: string, webhookId: string): string {
    const cached = this.opened.get(webhookId) ?? [];
    // Re-inserting keeps the Map in least-recently-used order.
    this.opened.delete(webhookId);
    const hit = cached.find((entry) => entry.sealed === sealed);
    if (hit) {
      this.opened.set(webhookId, cached);
      return hit.secret;
    }
    let secret: string;
    try {
      secret = this.box.open(sealed, webhookId);
    } finally {
      if (cached.length > 0) this.opened.set(webhookId, cached);
    }
    this.opened.set(webhookId, [{ sealed, secret }, ...cached].slice(0, SECRETS_PER_WEBHOOK));
    if (this.opened.size > this.maxWebhooks) {
      const oldest = this.opened.keys().next();
      if (!oldest.done) this.opened.delete(oldest.value);
    }
    return secret;
  }
}
