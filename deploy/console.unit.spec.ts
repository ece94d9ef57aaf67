import { readFileSync } from 'node:fs';
import { API_PREFIXES, CONSOLE_CSP } from '../apps/standalone/src/console-site';
import { CONSOLE } from './deployment-layout';
import { parseDockerfile } from './dockerfile-parser';
import { repoPath } from './manifest-files';

const dockerfile = parseDockerfile(readFileSync(repoPath(CONSOLE.dockerfile), 'utf8'));
const nginx = readFileSync(repoPath('apps', 'console', 'nginx.conf'), 'utf8');

/** The body of `location <prefix> { … }` in the console's nginx.conf. */
function location(prefix: string): string {
  const escaped = prefix.replace(/[/.]/g, '\\$&');
  const body = new RegExp(`location\\s+${escaped}\\s*\\{([^}]*)\\}`).exec(nginx)?.[1];
  if (body === undefined) throw new Error(`nginx.conf has no location ${prefix}`);
  return body;
}

describe('the console image (apps/console/Dockerfile)', () => {
  it('builds the console with the locked dependencies, then serves only its static files from nginx', () => {
    expect(dockerfile.stages.map((s) => s.name)).toEqual(['build', 'runtime']);
    const [build, runtime] = dockerfile.stages;
    expect(build?.base).toBe('node:24-bookworm-slim');
    const buildRuns = build!.instructions.filter((i) => i.keyword === 'RUN').map((i) => i.args);
    expect(buildRuns.join(' ')).toContain('npm ci --no-audit --no-fund');
    expect(buildRuns.join(' ')).toContain('node tools/build.js console');

    // nginx-unprivileged: user 101, port 8080, pid and temporary files in /tmp (read-only root).
    expect(runtime?.base).toMatch(/^nginxinc\/nginx-unprivileged:[\d.]+-alpine$/);
    expect(runtime!.instructions.filter((i) => i.keyword === 'COPY').map((i) => i.args)).toEqual([
      'apps/console/nginx.conf /etc/nginx/conf.d/default.conf',
      '--from=build /app/dist/apps/console /usr/share/nginx/html',
    ]);
    expect(runtime!.instructions.find((i) => i.keyword === 'EXPOSE')?.args).toBe('8080');
    expect(runtime!.instructions.find((i) => i.keyword === 'HEALTHCHECK')?.args).toContain('/healthz');
  });
});

describe("the console's nginx.conf", () => {
  it('listens on 8080 and answers its health check', () => {
    expect(nginx).toMatch(/listen 8080;/);
    expect(location('= /healthz')).toContain('return 200');
  });

  it('gives every console route the page, with the same policy as the standalone', () => {
    const page = location('/');
    expect(page).toContain('try_files $uri /index.html;');
    expect(page).toContain(`add_header Content-Security-Policy "${CONSOLE_CSP}" always;`);
    expect(page).toContain('add_header Cache-Control "no-cache" always;');
  });

  it('caches the hashed assets for a year, and a missing one is a 404', () => {
    const assets = location('/assets/');
    expect(assets).toContain('public, max-age=31536000, immutable');
    expect(assets).toContain('try_files $uri =404;');
  });

  it("answers the API's paths no service serves with the API's 404, never the page", () => {
    for (const prefix of API_PREFIXES.filter((p) => p !== '/docs')) {
      const body = location(prefix);
      expect({ prefix, json: body.includes('default_type application/json;') }).toEqual({
        prefix,
        json: true,
      });
      expect(body).toContain('return 404 \'{"error":{"code":"not_found"');
    }
  });
});
