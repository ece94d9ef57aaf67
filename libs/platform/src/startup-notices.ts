import { Injectable } from '@nestjs/common';

/**
 * What the person who started the process must read, and nobody else: the standalone prints it on its
 * terminal once it listens. Never logged (logs travel to places more people read), and kept by topic, so
 * a notice replaced is no longer shown.
 */
@Injectable()
export class StartupNotices {
  private readonly notices = new Map<string, string>();

  set(topic: string, text: string): void {
    this.notices.set(topic, text);
  }

  clear(topic: string): void {
    this.notices.delete(topic);
  }

  list(): string[] {
    return [...this.notices.values()];
  }
}
