import { createSocket, type Socket } from 'node:dgram';
import * as dnsPacket from 'dns-packet';

/** What the server knows of one name: its addresses and TXT records. */
export interface TestDnsRecords {
  A?: string[];
  AAAA?: string[];
  TXT?: string[];
}

/**
 * A real DNS server on 127.0.0.1 (UDP, a free port) for the SSO tests: the identity service asks it through
 * SSO_DNS_SERVERS as it would ask any resolver. Names are answered from `zone`, which a test may change at
 * any time; an unknown name is NXDOMAIN, a known name without the asked type has no answer.
 */
export class TestDnsServer {
  readonly zone = new Map<string, TestDnsRecords>();
  /** The names asked, in order, with their types: `TXT _governance-challenge.acme.com`. */
  readonly questions: string[] = [];

  private constructor(
    private readonly socket: Socket,
    readonly port: number,
  ) {
    socket.on('message', (message, remote) => {
      const reply = this.answer(message);
      if (reply) socket.send(reply, remote.port, remote.address);
    });
  }

  static async start(): Promise<TestDnsServer> {
    const socket = createSocket('udp4');
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.bind(0, '127.0.0.1', () => resolve());
    });
    return new TestDnsServer(socket, socket.address().port);
  }

  /** The value of SSO_DNS_SERVERS that reaches this server. */
  get address(): string {
    return `127.0.0.1:${this.port}`;
  }

  set(name: string, records: TestDnsRecords): void {
    this.zone.set(name.toLowerCase(), records);
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.socket.close(() => resolve()));
  }

  private answer(message: Buffer): Buffer | undefined {
    let query: dnsPacket.Packet;
    try {
      query = dnsPacket.decode(message);
    } catch {
      return undefined;
    }
    const question = query.questions?.[0];
    if (!question) return undefined;
    this.questions.push(`${question.type} ${question.name}`);
    const records = this.zone.get(question.name.toLowerCase());
    const answers: dnsPacket.Answer[] = [];
    if (question.type === 'A' || question.type === 'AAAA')
      for (const address of records?.[question.type] ?? [])
        answers.push({ type: question.type, name: question.name, ttl: 1, data: address });
    if (question.type === 'TXT')
      for (const text of records?.TXT ?? [])
        answers.push({ type: 'TXT', name: question.name, ttl: 1, data: text });
    return dnsPacket.encode({
      type: 'response',
      id: query.id,
      // Authoritative, recursion desired echoed; NXDOMAIN (rcode 3) for a name it does not know.
      flags:
        dnsPacket.AUTHORITATIVE_ANSWER |
        ((query.flags ?? 0) & dnsPacket.RECURSION_DESIRED) |
        (records ? 0 : 3),
      questions: [question],
      answers,
    });
  }
}
