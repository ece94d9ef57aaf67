// A keep-alive HTTP POST load generator, run in a worker thread so the client does not share the
// event loop of the server it measures. Plain JavaScript: a worker does not go through bench/register.js.
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');

const { url, headers, bodies, concurrency, durationMs, expectStatus } = workerData;
const target = new URL(url);
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
const payloads = bodies.map((body) => Buffer.from(body, 'utf8'));

function post(body) {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        agent,
        headers: { ...headers, 'content-type': 'application/json', 'content-length': body.length },
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode, body: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

async function main() {
  let sent = 0;
  let ok = 0;
  let failure;
  const latencies = [];
  const start = performance.now();
  const deadline = start + durationMs;
  async function loop() {
    while (performance.now() < deadline && failure === undefined) {
      const body = payloads[sent++ % payloads.length];
      const began = performance.now();
      const response = await post(body);
      latencies.push(performance.now() - began);
      if (response.status !== expectStatus) {
        failure = `answered ${response.status}: ${response.body.slice(0, 300)}`;
        return;
      }
      ok += 1;
    }
  }
  await Promise.all(Array.from({ length: concurrency }, loop));
  const seconds = (performance.now() - start) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  parentPort.postMessage({ ok, seconds, failure, p50: at(0.5), p99: at(0.99) });
}

main().catch((error) =>
  parentPort.postMessage({ ok: 0, seconds: 0, failure: String(error), p50: 0, p99: 0 }),
);
