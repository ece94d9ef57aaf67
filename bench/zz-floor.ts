import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { Pool } from 'pg';
import { createLogger } from '@governance/platform';
import { seededRng, telemetryBatch } from '../tools/probe-simulator/telemetry-generator';
import { createBenchDatabase } from './support/database';
import { runLoad } from './support/http-load';

async function main() {
  const db = await createBenchDatabase(process.env, createLogger('b', 'warn'));
  const pool = new Pool({ connectionString: db.url, max: 4 });
  const storage = process.env.STORAGE ?? 'extended';
  await pool.query(`CREATE TABLE floor (id bigserial primary key, body text not null)`);
  await pool.query(`ALTER TABLE floor ALTER COLUMN body SET STORAGE ${storage}`);
  const queue: Array<{ body: string; done: () => void }> = [];
  let running = 0;
  const pump = () => {
    while (running < 2 && queue.length > 0) {
      const group = queue.splice(0, 64);
      running++;
      const params = group.map((g) => g.body);
      const values = params.map((_, i) => `($${i + 1})`).join(',');
      void pool.query(`INSERT INTO floor (body) VALUES ${values}`, params).then(() => {
        running--;
        for (const g of group) g.done();
        pump();
      });
    }
  };
  const mk = (durable: boolean) => {
    const s = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const body = JSON.parse(text) as { records: unknown[] };
        const answer = () =>
          res
            .writeHead(202, { 'content-type': 'application/json' })
            .end(JSON.stringify({ accepted: body.records.length }));
        if (!durable) return answer();
        queue.push({ body: text, done: answer });
        pump();
      });
    });
    s.keepAliveTimeout = 60000;
    return new Promise<string>((r) =>
      s.listen(0, '127.0.0.1', () => r(`http://127.0.0.1:${(s.address() as AddressInfo).port}/x`)),
    );
  };
  const bare = await mk(false);
  const floor = await mk(true);
  const rng = seededRng(42);
  const bodies = Array.from({ length: 64 }, () =>
    JSON.stringify({
      probe_id: 'prb_x',
      records: telemetryBatch(100, { at: new Date(), shift: 0, rng, spacingMs: 10 }),
    }),
  );
  const load = (url: string) =>
    runLoad({ url, headers: {}, bodies, concurrency: 32, durationMs: 4000, expectStatus: 202 });
  await load(bare);
  await load(floor);
  for (let i = 0; i < 3; i++) {
    const b = await load(bare);
    const f = await load(floor);
    console.log(
      `bare ${((b.ok * 100) / b.seconds).toFixed(0)} floor ${((f.ok * 100) / f.seconds).toFixed(0)} ratio ${(f.ok / f.seconds / (b.ok / b.seconds)).toFixed(2)}`,
    );
  }
  await pool.end();
  await db.drop();
  process.exit(0);
}
void main();
