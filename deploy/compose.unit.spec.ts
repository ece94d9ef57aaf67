import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { APP_SECRETS, CONSOLE, DEPLOYED_APPS, PATH_GROUPS, REQUIRED_ENV } from './deployment-layout';
import { K8S_ROOT, renderKustomization } from './kustomize';
import { allTopics, isRecord, readYaml, repoPath } from './manifest-files';

interface ComposeService {
  image?: string;
  build?: { context?: string; dockerfile?: string; target?: string; args?: Record<string, string> };
  read_only?: boolean;
  tmpfs?: string[];
  security_opt?: string[];
  cap_drop?: string[];
  environment?: Record<string, string>;
  healthcheck?: { test?: string[] | string; disable?: boolean };
  restart?: string;
  depends_on?: Record<string, { condition: string }>;
  profiles?: string[];
  volumes?: string[];
  ports?: string[];
  command?: string[] | string;
  entrypoint?: string[] | string;
}

interface Compose {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}

const compose = readYaml(repoPath('docker-compose.yml')) as Compose;

function service(name: string): ComposeService {
  const found = compose.services[name];
  if (!found) throw new Error(`docker-compose.yml has no service ${name}`);
  return found;
}

/** `location <prefix> { … proxy_pass http://<host>:<port> … }` blocks of the edge proxy, by prefix. */
function nginxRoutes(config: string): Map<string, { host: string; port: number }> {
  const routes = new Map<string, { host: string; port: number }>();
  const location = /location\s+(\S+)\s*\{([^}]*)\}/g;
  for (const [, prefix, body] of config.matchAll(location)) {
    const upstream =
      /set\s+\$upstream\s+http:\/\/([\w-]+):(\d+);/.exec(body ?? '') ??
      /proxy_pass\s+http:\/\/([\w-]+):(\d+)/.exec(body ?? '');
    if (prefix && upstream?.[1]) routes.set(prefix, { host: upstream[1], port: Number(upstream[2]) });
  }
  return routes;
}

describe('docker-compose.yml', () => {
  it.each(DEPLOYED_APPS)(
    'runs %s from the shared Dockerfile with its environment, health check and restart policy',
    (app) => {
      const svc = service(app);
      expect(svc.build).toEqual({ context: '.', args: { APP: app } });
      expect(existsSync(repoPath('apps', app, 'src', 'main.ts'))).toBe(true);
      for (const name of REQUIRED_ENV) expect(svc.environment?.[name]).toEqual(expect.any(String));
      expect(svc.environment?.KAFKA_BROKERS).toBe('kafka:9092');
      // Its migration job has migrated the schema; replicas starting together do not race to do it again.
      expect(svc.environment?.RUN_MIGRATIONS).toBe('false');
      expect(svc.environment?.DATABASE_URL).toMatch(/^postgres:\/\/[^@]+@postgres:5432\//);
      // Secrets have no default: compose refuses to start without them rather than run with a known value.
      for (const secret of APP_SECRETS[app]) expect(svc.environment?.[secret]).toMatch(/^\$\{\w+:\?.+\}$/);

      expect(JSON.stringify(svc.healthcheck?.test)).toMatch(/\/health\/(ready|live)/);
      expect(['always', 'unless-stopped', 'on-failure']).toContain(svc.restart);
      expect(svc.depends_on).toEqual({
        postgres: { condition: 'service_healthy' },
        'kafka-topics': { condition: 'service_completed_successfully' },
        [`${app}-migrate`]: { condition: 'service_completed_successfully' },
      });
    },
  );

  it.each(DEPLOYED_APPS)(
    'migrates %s first with a one-shot `migrate` job from the same image, locked down like the service',
    (app) => {
      const job = service(`${app}-migrate`);
      const svc = service(app);
      expect({ image: job.image, build: job.build }).toEqual({ image: svc.image, build: svc.build });
      expect(job.command).toEqual(['migrate']);
      // The image's entry point passes its arguments on to main.js; replacing it would lose that.
      expect(job.entrypoint).toBeUndefined();
      expect(job.restart).toBe('no');
      expect(job.depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
      expect(job.environment?.DATABASE_URL).toBe(svc.environment?.DATABASE_URL);
      // Migrating needs the database alone: no broker, and none of the service's secrets.
      expect(Object.keys(job.environment ?? {})).not.toContain('KAFKA_BROKERS');
      for (const secret of APP_SECRETS[app]) expect(Object.keys(job.environment ?? {})).not.toContain(secret);
      expect(job.healthcheck).toEqual({ disable: true });
      expect(job).toMatchObject({
        read_only: true,
        tmpfs: ['/tmp'],
        security_opt: ['no-new-privileges:true'],
        cap_drop: ['ALL'],
      });
      expect(svc).toMatchObject({ read_only: true, cap_drop: ['ALL'] });
    },
  );

  it('has a migration job for every app with a main.ts, and no other migration jobs', () => {
    const appsOnDisk = readdirSync(repoPath('apps')).filter(
      (app) => app !== 'standalone' && existsSync(repoPath('apps', app, 'src', 'main.ts')),
    );
    const jobs = Object.keys(compose.services).filter((name) => name.endsWith('-migrate'));
    expect(jobs.sort()).toEqual(appsOnDisk.map((app) => `${app}-migrate`).sort());
  });

  it('runs Kafka from the official image in KRaft mode, single node, without auto-created topics', () => {
    const kafka = service('kafka');
    expect(kafka.image).toMatch(/^apache\/kafka:\d/);
    const env = kafka.environment ?? {};
    expect(env.KAFKA_PROCESS_ROLES?.split(',').sort()).toEqual(['broker', 'controller']);
    expect(env.KAFKA_CONTROLLER_QUORUM_VOTERS).toBe(`${env.KAFKA_NODE_ID}@kafka:9093`);
    expect(env.CLUSTER_ID).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(env.KAFKA_AUTO_CREATE_TOPICS_ENABLE).toBe('false');
    expect(Object.keys(env).some((k) => k.includes('ZOOKEEPER'))).toBe(false);
    expect(kafka.healthcheck?.test).toBeDefined();
    expect(kafka.volumes?.[0]).toMatch(/^kafka-data:/);
  });

  it('creates every topic in @governance/contracts with the partitions and retention of the KafkaTopics', () => {
    const job = service('kafka-topics');
    expect(job.restart).toBe('no');
    expect(job.depends_on).toEqual({ kafka: { condition: 'service_healthy' } });
    const script = ([] as string[]).concat(job.command ?? []).join('\n');
    const created = [...script.matchAll(/^\s*create\s+(\S+)\s+(\d+)\s+(\d+)\s*$/gm)].map(
      ([, topic, partitions, retention]) => ({
        topic,
        partitions: Number(partitions),
        retention: Number(retention),
      }),
    );
    expect(created.map((c) => c.topic).sort()).toEqual(allTopics());
    expect(script).toContain('--if-not-exists');

    const kafkaTopics = renderKustomization(join(K8S_ROOT, 'base')).filter((o) => o.kind === 'KafkaTopic');
    for (const { topic, partitions, retention } of created) {
      const manifest = kafkaTopics.find((t) => isRecord(t.spec) && t.spec.topicName === topic);
      expect(manifest?.spec).toMatchObject({ partitions, config: { 'retention.ms': retention } });
    }
  });

  it('runs PostgreSQL 16 with a health check on a named volume', () => {
    const postgres = service('postgres');
    expect(postgres.image).toBe('postgres:16');
    expect(JSON.stringify(postgres.healthcheck?.test)).toContain('pg_isready');
    for (const volume of [...(postgres.volumes ?? []), ...(service('kafka').volumes ?? [])]) {
      expect(Object.keys(compose.volumes ?? {})).toContain(volume.split(':')[0]);
    }
  });

  it('routes every published path group through the edge proxy to its service on 8080', () => {
    const edge = service('edge');
    expect(edge.volumes).toContain('./deploy/compose/nginx.conf:/etc/nginx/conf.d/default.conf:ro');
    expect(edge.ports).toEqual(['${EDGE_PORT:-8080}:8080']);
    const routes = nginxRoutes(readFileSync(repoPath('deploy', 'compose', 'nginx.conf'), 'utf8'));
    for (const [prefix, app] of Object.entries(PATH_GROUPS)) {
      expect({ prefix, route: routes.get(prefix) }).toEqual({ prefix, route: { host: app, port: 8080 } });
    }
    for (const { host } of routes.values()) {
      expect(Object.keys(compose.services)).toContain(host);
    }
    for (const app of DEPLOYED_APPS) expect(edge.depends_on?.[app]).toEqual({ condition: 'service_healthy' });
  });

  it('runs the console as its own locked-down container, routed at / by the edge', () => {
    const consoleService = service(CONSOLE.app);
    expect(consoleService.build).toEqual({ context: '.', dockerfile: CONSOLE.dockerfile });
    expect(existsSync(repoPath(CONSOLE.dockerfile))).toBe(true);
    expect(consoleService).toMatchObject({
      read_only: true,
      tmpfs: ['/tmp'],
      security_opt: ['no-new-privileges:true'],
      cap_drop: ['ALL'],
    });
    expect(JSON.stringify(consoleService.healthcheck?.test)).toContain('/healthz');
    // A static site: no database, broker or secret.
    expect(consoleService.environment).toBeUndefined();
    const routes = nginxRoutes(readFileSync(repoPath('deploy', 'compose', 'nginx.conf'), 'utf8'));
    expect(routes.get(CONSOLE.path)).toEqual({ host: CONSOLE.app, port: 8080 });
    expect(service('edge').depends_on?.[CONSOLE.app]).toEqual({ condition: 'service_healthy' });
  });

  it('offers the probe simulator as an opt-in profile, run from the build stage that has dev dependencies', () => {
    const simulator = service('probe-simulator');
    expect(simulator.profiles).toEqual(['simulator']);
    expect(simulator.build?.target).toBe('build');
    expect(readFileSync(repoPath('Dockerfile'), 'utf8')).toMatch(/^FROM \S+ AS build$/m);
    expect(simulator.entrypoint).toEqual(
      expect.arrayContaining([
        'node',
        '-r',
        '@swc-node/register',
        'tools/probe-simulator/main.ts',
        'http://edge:8080',
      ]),
    );
    expect(existsSync(repoPath('tools', 'probe-simulator', 'main.ts'))).toBe(true);
    // Every other service starts with a plain `docker compose up`.
    const optIn = Object.entries(compose.services).filter(([, s]) => s.profiles);
    expect(optIn.map(([name]) => name)).toEqual(['probe-simulator']);
  });
});
