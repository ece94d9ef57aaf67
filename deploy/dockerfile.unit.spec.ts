import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { parseDockerfile, type Stage } from './dockerfile-parser';
import { repoPath } from './manifest-files';

const dockerfile = parseDockerfile(readFileSync(repoPath('Dockerfile'), 'utf8'));

function stage(name: string): Stage {
  const found = dockerfile.stages.find((s) => s.name === name);
  if (!found) throw new Error(`no stage ${name}`);
  return found;
}

function all(s: Stage, keyword: string): string[] {
  return s.instructions.filter((i) => i.keyword === keyword).map((i) => i.args);
}

describe('Dockerfile', () => {
  it('builds deps, build and runtime stages on node:24-bookworm-slim, the runtime last (the default target)', () => {
    expect(dockerfile.stages.map((s) => s.name)).toEqual(['deps', 'build', 'runtime']);
    for (const s of dockerfile.stages) expect(s.base).toBe('node:24-bookworm-slim');
  });

  it('installs production dependencies alone in deps, everything in build, and bundles the chosen app', () => {
    expect(all(stage('deps'), 'RUN').join(' ')).toContain(
      'npm ci --omit=dev --no-audit --no-fund --ignore-scripts=false',
    );
    const build = stage('build');
    expect(all(build, 'RUN').join(' ')).toMatch(/npm ci --no-audit --no-fund/);
    expect(all(build, 'ARG')).toContain('APP');
    expect(all(build, 'RUN').join(' ')).toContain('node tools/build.js "$APP"');
  });

  it('runs one app as the non-root node user from production node_modules and its bundle only', () => {
    const runtime = stage('runtime');
    expect(all(runtime, 'USER')).toEqual(['node']);
    expect(all(runtime, 'COPY')).toEqual([
      '--from=deps /app/node_modules ./node_modules',
      '--from=deps /app/package.json ./package.json',
      '--from=build /app/dist/apps/${APP} ./dist/apps/${APP}',
    ]);
    expect(all(runtime, 'ENV').join(' ')).toMatch(/APP=\$\{APP\}/);
    expect(all(runtime, 'ENV').join(' ')).toContain('PORT=8080');
    const [entrypoint] = all(runtime, 'ENTRYPOINT');
    const command = JSON.parse(entrypoint ?? '[]') as string[];
    expect(command.join(' ')).toContain('exec node "dist/apps/${APP}/main.js"');
  });

  it('checks health on /health/live with node fetch, the image having no curl', () => {
    const [healthcheck] = all(stage('runtime'), 'HEALTHCHECK');
    expect(healthcheck).toMatch(/CMD \["node", "-e", ".*fetch\(.*\/health\/live'\)/);
  });

  it('copies only files that exist into the build', () => {
    for (const file of [
      'package.json',
      'package-lock.json',
      '.npmrc',
      'tools/build.js',
      'tsconfig.base.json',
    ]) {
      expect(() => readFileSync(repoPath(file))).not.toThrow();
    }
  });
});

describe('.dockerignore', () => {
  const ignored = readFileSync(repoPath('.dockerignore'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));

  it('keeps local installs, build output, data and VCS out of the context', () => {
    for (const entry of ['node_modules', 'dist', '.data', '.git', '.nx', 'coverage'])
      expect(ignored).toContain(entry);
  });

  it('keeps what the build needs', () => {
    const needed = [
      'package.json',
      'package-lock.json',
      '.npmrc',
      'apps',
      'libs',
      'tools',
      'tsconfig.base.json',
    ];
    for (const entry of needed) expect(ignored).not.toContain(entry);
  });
});

describe('runtime dependencies', () => {
  /** Packages the services' own code loads at run time: webpack leaves every one external. */
  function runtimeImports(): Map<string, string> {
    const imports = new Map<string, string>();
    const builtins = new Set(builtinModules);
    const visit = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) {
          if (entry.name !== 'testing' && entry.name !== 'fixtures') visit(path);
        } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts')) {
          const source = readFileSync(path, 'utf8');
          const specifiers = source.matchAll(
            /^(?!import type)(?:import|export)\s[^;]*?from\s+'([^'.][^']*)'/gm,
          );
          for (const [, specifier = ''] of specifiers) {
            const name = specifier.startsWith('@')
              ? specifier.split('/').slice(0, 2).join('/')
              : specifier.split('/')[0]!;
            if (!name.startsWith('node:') && !builtins.has(name) && !name.startsWith('@governance/')) {
              imports.set(name, path);
            }
          }
        }
      }
    };
    for (const root of ['apps', 'libs']) {
      for (const project of readdirSync(repoPath(root))) {
        // The console runs in browsers: vite bundles its packages, and its image is nginx (console.unit.spec.ts).
        if (!(root === 'libs' && project === 'testing') && !(root === 'apps' && project === 'console'))
          visit(repoPath(root, project, 'src'));
      }
    }
    return imports;
  }

  it('finds every package the services import in the production install of the lock file', () => {
    const lock = JSON.parse(readFileSync(repoPath('package-lock.json'), 'utf8')) as {
      packages: Record<string, { dev?: boolean }>;
    };
    const missing = [...runtimeImports()]
      .filter(([name]) => {
        const entry = lock.packages[`node_modules/${name}`];
        return !entry || entry.dev === true;
      })
      .map(([name, file]) => `${name} (${file})`);
    expect(missing).toEqual([]);
  });
});
