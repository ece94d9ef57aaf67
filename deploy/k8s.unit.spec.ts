import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { IHorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import type { IDeployment } from 'kubernetes-models/apps/v1';
import type { IIngress, INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import type { IPodDisruptionBudget } from 'kubernetes-models/policy/v1';
import type { IConfigMap, IContainer, ISecret, IService } from 'kubernetes-models/v1';
import { APP_SECRETS, CONSOLE, DEPLOYED_APPS, PATH_GROUPS, REQUIRED_ENV } from './deployment-layout';
import { validateObject } from './kubernetes-schemas';
import { K8S_ROOT, renderKustomization, type KubernetesObject } from './kustomize';
import { allTopics, readYamlDocuments, repoPath } from './manifest-files';

interface KafkaTopic extends KubernetesObject {
  spec: { topicName: string; partitions: number; replicas: number; config: Record<string, number | string> };
}

const TARGETS = ['base', 'overlays/dev', 'overlays/prod'] as const;
const [secretShape, ...extraSecrets] = readYamlDocuments(
  join(K8S_ROOT, 'secret.example.yaml'),
) as KubernetesObject[];
const SECRET_SHAPE = secretShape as unknown as ISecret;
const rendered = Object.fromEntries(TARGETS.map((t) => [t, renderKustomization(join(K8S_ROOT, t))]));

function ofKind<T>(objects: KubernetesObject[], kind: string): T[] {
  return objects.filter((o) => o.kind === kind) as unknown as T[];
}

function named<T extends { metadata?: { name?: string } }>(objects: T[], name: string): T {
  const found = objects.find((o) => o.metadata?.name === name);
  if (!found) throw new Error(`no object named ${name}`);
  return found;
}

function appContainer(deployment: IDeployment): IContainer {
  const container = deployment.spec?.template.spec?.containers.find(
    (c) => c.name === deployment.metadata?.name,
  );
  if (!container) throw new Error(`${deployment.metadata?.name}: no container named after the app`);
  return container;
}

function migrateContainer(deployment: IDeployment): IContainer {
  const container = deployment.spec?.template.spec?.initContainers?.find((c) => c.name === 'migrate');
  if (!container) throw new Error(`${deployment.metadata?.name}: no init container named migrate`);
  return container;
}

function matchesSelector(
  labels: Record<string, string> | undefined,
  selector: Record<string, string> | undefined,
) {
  return Object.entries(selector ?? {}).every(([key, value]) => labels?.[key] === value);
}

describe.each(TARGETS)('kubernetes %s', (target) => {
  const objects = rendered[target]!;
  const deployments = ofKind<IDeployment>(objects, 'Deployment');
  const services = ofKind<IService>(objects, 'Service');
  const configMaps = ofKind<IConfigMap>(objects, 'ConfigMap');
  // No kustomization ships the Secret; references resolve against the documented shape.
  const secrets = [SECRET_SHAPE];

  it('passes the Kubernetes schemas (KafkaTopic: our schema), one object per kind and name', () => {
    for (const object of objects) validateObject(object);
    const keys = objects.map((o) => `${o.kind}/${o.metadata.name}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('has a Deployment, Service, HorizontalPodAutoscaler and PodDisruptionBudget for every service', () => {
    const servicesOnDisk = readdirSync(repoPath('apps')).filter((app) =>
      existsSync(repoPath('apps', app, 'src', 'service.ts')),
    );
    for (const app of new Set([...DEPLOYED_APPS, ...servicesOnDisk])) {
      for (const kind of ['Deployment', 'Service', 'HorizontalPodAutoscaler', 'PodDisruptionBudget']) {
        expect(objects.filter((o) => o.kind === kind).map((o) => o.metadata.name)).toContain(app);
      }
    }
  });

  it.each(DEPLOYED_APPS)('%s: selectors, HPA and PDB point at its pods', (app) => {
    const deployment = named(deployments, app);
    const podLabels = deployment.spec?.template.metadata?.labels;
    expect(matchesSelector(podLabels, deployment.spec?.selector.matchLabels)).toBe(true);
    expect(matchesSelector(podLabels, named(services, app).spec?.selector)).toBe(true);
    const pdb = named(ofKind<IPodDisruptionBudget>(objects, 'PodDisruptionBudget'), app);
    expect(matchesSelector(podLabels, pdb.spec?.selector?.matchLabels)).toBe(true);
    const hpa = named(ofKind<IHorizontalPodAutoscaler>(objects, 'HorizontalPodAutoscaler'), app);
    expect(hpa.spec?.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: app });
    expect(hpa.spec?.minReplicas).toBeGreaterThanOrEqual(1);
    expect(hpa.spec?.maxReplicas).toBeGreaterThanOrEqual(hpa.spec?.minReplicas ?? 1);
    // The HPA owns the replica count; a fixed one would be reset on every apply.
    expect(deployment.spec?.replicas).toBeUndefined();
  });

  it.each(DEPLOYED_APPS)('%s: probes, resources and a locked-down container', (app) => {
    const deployment = named(deployments, app);
    const pod = deployment.spec!.template.spec!;
    const container = appContainer(deployment);
    const httpPort = container.ports?.find((p) => p.name === 'http');
    expect(httpPort?.containerPort).toBe(8080);
    expect(container.readinessProbe?.httpGet).toEqual({ path: '/health/ready', port: 'http' });
    expect(container.livenessProbe?.httpGet).toEqual({ path: '/health/live', port: 'http' });

    expect(container.resources?.requests).toEqual({ cpu: expect.any(String), memory: expect.any(String) });
    expect(container.resources?.limits?.memory).toEqual(expect.any(String));

    expect(pod.securityContext?.runAsNonRoot).toBe(true);
    expect(container.securityContext).toMatchObject({
      runAsNonRoot: true,
      readOnlyRootFilesystem: true,
      allowPrivilegeEscalation: false,
      capabilities: { drop: ['ALL'] },
    });
    const tmp = container.volumeMounts?.find((m) => m.mountPath === '/tmp');
    expect(pod.volumes?.find((v) => v.name === tmp?.name)?.emptyDir).toBeDefined();
    for (const mount of container.volumeMounts ?? []) {
      expect(pod.volumes?.map((v) => v.name)).toContain(mount.name);
    }

    // The pod must outlive the service's own drain (SHUTDOWN_GRACE_MS) plus the preStop pause.
    const graceMs = Number(configMaps.find((c) => c.data?.SHUTDOWN_GRACE_MS)?.data?.SHUTDOWN_GRACE_MS);
    const preStopSeconds = Number(container.lifecycle?.preStop?.exec?.command?.[1] ?? 0);
    expect((pod.terminationGracePeriodSeconds ?? 30) * 1000).toBeGreaterThan(graceMs + preStopSeconds * 1000);
  });

  it.each(DEPLOYED_APPS)(
    '%s: every ConfigMap and Secret reference resolves and required env is set',
    (app) => {
      const container = appContainer(named(deployments, app));
      const provided = new Set<string>();
      for (const source of container.envFrom ?? []) {
        if (source.configMapRef) {
          Object.keys(named(configMaps, source.configMapRef.name!).data ?? {}).forEach((k) =>
            provided.add(k),
          );
        }
        if (source.secretRef) {
          Object.keys(named(secrets, source.secretRef.name!).stringData ?? {}).forEach((k) =>
            provided.add(k),
          );
        }
      }
      const fromSecret = new Set<string>();
      for (const variable of container.env ?? []) {
        const secretRef = variable.valueFrom?.secretKeyRef;
        const configRef = variable.valueFrom?.configMapKeyRef;
        if (secretRef) {
          const secret = named(secrets, secretRef.name!);
          expect({ ...secret.data, ...secret.stringData }).toHaveProperty([secretRef.key]);
          fromSecret.add(variable.name);
        }
        if (configRef) expect(named(configMaps, configRef.name!).data).toHaveProperty([configRef.key]);
        provided.add(variable.name);
      }
      for (const name of REQUIRED_ENV) expect(provided).toContain(name);
      // The pod's init container has migrated the schema; the service does not do it again.
      expect(configMaps.find((c) => c.data?.RUN_MIGRATIONS)?.data?.RUN_MIGRATIONS).toBe('false');
      // A database URL carries a password, so it comes from the Secret like the service's own secrets.
      for (const name of ['DATABASE_URL', ...APP_SECRETS[app]]) expect(fromSecret).toContain(name);
    },
  );

  it.each(DEPLOYED_APPS)(
    '%s: migrates in a `migrate` init container of the same image, as locked down as the service',
    (app) => {
      const deployment = named(deployments, app);
      const pod = deployment.spec!.template.spec!;
      const container = appContainer(deployment);
      const migration = migrateContainer(deployment);
      expect(pod.initContainers?.map((c) => c.name)).toEqual(['migrate']);

      expect(migration.image).toBe(container.image);
      // `args`, not `command`: the image's entry point turns them into `node dist/apps/<app>/main.js migrate`.
      expect(migration.args).toEqual(['migrate']);
      expect(migration.command).toBeUndefined();
      expect(migration.securityContext).toEqual(container.securityContext);
      expect(migration.resources?.requests).toEqual({ cpu: expect.any(String), memory: expect.any(String) });
      expect(migration.resources?.limits?.memory).toEqual(expect.any(String));
      if (target === 'base') expect(migration.resources).toEqual(container.resources);
      const tmp = migration.volumeMounts?.find((m) => m.mountPath === '/tmp');
      expect(pod.volumes?.find((v) => v.name === tmp?.name)?.emptyDir).toBeDefined();
      // A one-shot step serves nothing, so nothing may probe it.
      expect(migration.ports).toBeUndefined();
      expect(migration.readinessProbe ?? migration.livenessProbe ?? migration.startupProbe).toBeUndefined();

      expect(migration.envFrom).toEqual(container.envFrom);
      expect(migration.env).toEqual([
        {
          name: 'DATABASE_URL',
          valueFrom: { secretKeyRef: { name: 'governance-secrets', key: 'DATABASE_URL' } },
        },
      ]);
      expect(container.env).toEqual(expect.arrayContaining(migration.env ?? []));
      for (const source of migration.envFrom ?? []) named(configMaps, source.configMapRef!.name!);
      expect(SECRET_SHAPE.stringData).toHaveProperty(['DATABASE_URL']);
    },
  );

  it('has no migration Job: pods migrate in their init container, which a new release re-runs', () => {
    expect(objects.filter((o) => o.kind === 'Job' || o.kind === 'CronJob')).toEqual([]);
  });

  it('ships no Secret, so applying it never overwrites the real one', () => {
    expect(objects.filter((o) => o.kind === 'Secret')).toEqual([]);
  });

  it('routes every published path group to its service, and nothing to services not deployed', () => {
    const [ingress, ...others] = ofKind<IIngress>(objects, 'Ingress');
    expect(others).toHaveLength(0);
    const paths = (ingress?.spec?.rules ?? []).flatMap((rule) => rule.http?.paths ?? []);
    const tlsHosts = (ingress?.spec?.tls ?? []).flatMap((tls) => tls.hosts ?? []);
    for (const rule of ingress?.spec?.rules ?? []) expect(tlsHosts).toContain(rule.host);
    for (const [prefix, app] of Object.entries(PATH_GROUPS)) {
      const path = paths.find((p) => p.path === prefix);
      expect({ prefix, pathType: path?.pathType, backend: path?.backend.service?.name }).toEqual({
        prefix,
        pathType: 'Prefix',
        backend: app,
      });
    }
    for (const path of paths) {
      const backend = path.backend.service!;
      const service = named(services, backend.name);
      expect(service.spec?.ports?.map((p) => p.name)).toContain(backend.port?.name);
    }
  });

  describe('the console', () => {
    const deployment = () => named(deployments, CONSOLE.app);

    it('runs as its own locked-down nginx Deployment with a Service, HPA and PDB, probed on /healthz', () => {
      for (const kind of ['Deployment', 'Service', 'HorizontalPodAutoscaler', 'PodDisruptionBudget'])
        expect(objects.filter((o) => o.kind === kind).map((o) => o.metadata.name)).toContain(CONSOLE.app);
      const pod = deployment().spec!.template.spec!;
      const container = appContainer(deployment());
      expect(container.ports?.find((p) => p.name === 'http')?.containerPort).toBe(8080);
      expect(container.readinessProbe?.httpGet).toEqual({ path: '/healthz', port: 'http' });
      expect(container.livenessProbe?.httpGet).toEqual({ path: '/healthz', port: 'http' });
      expect(pod.securityContext?.runAsNonRoot).toBe(true);
      expect(container.securityContext).toMatchObject({
        readOnlyRootFilesystem: true,
        allowPrivilegeEscalation: false,
        capabilities: { drop: ['ALL'] },
      });
      const tmp = container.volumeMounts?.find((m) => m.mountPath === '/tmp');
      expect(pod.volumes?.find((v) => v.name === tmp?.name)?.emptyDir).toBeDefined();
      // A static site: no database, broker or secret reaches it, and it has no migrations.
      expect(container.env ?? []).toEqual([]);
      expect(container.envFrom ?? []).toEqual([]);
      expect(pod.initContainers ?? []).toEqual([]);
      const podLabels = deployment().spec?.template.metadata?.labels;
      expect(matchesSelector(podLabels, named(services, CONSOLE.app).spec?.selector)).toBe(true);
    });

    it('takes every path no service has: `/` on the Ingress', () => {
      const [ingress] = ofKind<IIngress>(objects, 'Ingress');
      const paths = (ingress?.spec?.rules ?? []).flatMap((rule) => rule.http?.paths ?? []);
      const root = paths.find((p) => p.path === CONSOLE.path);
      expect({ pathType: root?.pathType, backend: root?.backend.service?.name }).toEqual({
        pathType: 'Prefix',
        backend: CONSOLE.app,
      });
    });

    it('reaches neither PostgreSQL nor Kafka', () => {
      const podLabels = deployment().spec?.template.metadata?.labels;
      const egress = ofKind<INetworkPolicy>(objects, 'NetworkPolicy')
        .filter((p) => matchesSelector(podLabels, p.spec?.podSelector.matchLabels))
        .flatMap((p) => p.spec?.egress ?? []);
      const ports = egress.flatMap((rule) => rule.ports ?? []).map((p) => p.port);
      expect(ports).not.toContain(5432);
      expect(ports).not.toContain(9092);
    });
  });

  it('has a KafkaTopic for every topic in @governance/contracts, replicated with a safe min ISR', () => {
    const topics = ofKind<KafkaTopic>(objects, 'KafkaTopic');
    expect(topics.map((t) => t.spec.topicName).sort()).toEqual(allTopics());
    for (const topic of topics) {
      expect(Number(topic.spec.config['min.insync.replicas'])).toBeLessThan(topic.spec.replicas);
    }
  });

  describe('network policies', () => {
    const policies = ofKind<INetworkPolicy>(objects, 'NetworkPolicy');
    const podLabels = (app: string) => named(deployments, app).spec?.template.metadata?.labels;
    const selecting = (app: string) =>
      policies.filter((p) => matchesSelector(podLabels(app), p.spec?.podSelector.matchLabels));
    const allows = (
      rules: { ports?: { port?: number | string; protocol?: string }[] }[],
      port: number,
      protocol = 'TCP',
    ) => rules.some((rule) => rule.ports?.some((p) => p.port === port && (p.protocol ?? 'TCP') === protocol));

    it('deny everything by default', () => {
      const deny = policies.find(
        (p) =>
          Object.keys(p.spec?.podSelector ?? {}).length === 0 &&
          p.spec?.policyTypes?.includes('Ingress') &&
          p.spec?.policyTypes?.includes('Egress') &&
          !p.spec?.ingress &&
          !p.spec?.egress,
      );
      expect(deny).toBeDefined();
    });

    it.each(DEPLOYED_APPS)(
      '%s: open to the ingress controller on 8080, to Postgres, Kafka and DNS',
      (app) => {
        const ingress = selecting(app).flatMap((p) => p.spec?.ingress ?? []);
        const fromController = ingress.filter((rule) =>
          rule.from?.some(
            (peer) =>
              peer.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'] === 'ingress-nginx',
          ),
        );
        expect(allows(fromController, 8080)).toBe(true);

        const egress = selecting(app).flatMap((p) => p.spec?.egress ?? []);
        expect(allows(egress, 5432)).toBe(true);
        expect(allows(egress, 9092)).toBe(true);
        const dns = egress.filter((rule) =>
          rule.to?.some(
            (peer) => peer.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'] === 'kube-system',
          ),
        );
        expect(allows(dns, 53, 'UDP')).toBe(true);
        expect(allows(dns, 53, 'TCP')).toBe(true);
      },
    );

    it('let only the webhook dispatcher reach the internet, on 443 and not to private ranges', () => {
      const open = policies.filter((p) =>
        p.spec?.egress?.some((rule) => rule.to?.some((peer) => peer.ipBlock?.cidr === '0.0.0.0/0')),
      );
      expect(open.map((p) => p.spec?.podSelector.matchLabels)).toEqual([
        { 'app.kubernetes.io/name': 'webhooks' },
      ]);
      const rule = open[0]?.spec?.egress?.[0];
      expect(rule?.ports).toEqual([{ protocol: 'TCP', port: 443 }]);
      expect(rule?.to?.[0]?.ipBlock?.except).toEqual(
        expect.arrayContaining(['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16']),
      );
    });
  });
});

describe('secret.example.yaml', () => {
  it('is one valid Secret holding placeholders only', () => {
    expect(extraSecrets).toEqual([]);
    validateObject(secretShape!);
    expect(SECRET_SHAPE.data).toBeUndefined();
    const values = Object.values(SECRET_SHAPE.stringData ?? {});
    expect(values.length).toBeGreaterThan(0);
    for (const value of values) expect(value).toContain('REPLACE_ME');
  });
});

describe('kubernetes overlays', () => {
  // Every container of every Deployment: the services' and their `migrate` init containers, the console's.
  const images = (target: (typeof TARGETS)[number]) =>
    ofKind<IDeployment>(rendered[target]!, 'Deployment').flatMap((d) =>
      [...(d.spec?.template.spec?.initContainers ?? []), ...(d.spec?.template.spec?.containers ?? [])].map(
        (c) => c.image ?? '',
      ),
    );

  it.each(['overlays/dev', 'overlays/prod'] as const)(
    '%s sets a registry image for every service',
    (target) => {
      for (const image of images(target))
        expect(image).toMatch(/^registry\.example\.com\/governance\/[a-z-]+:[\w.-]+$/);
    },
  );

  it('pins production images to a release and keeps three replicas at least', () => {
    for (const image of images('overlays/prod')) expect(image).toMatch(/:\d+\.\d+\.\d+$/);
    for (const hpa of ofKind<IHorizontalPodAutoscaler>(
      rendered['overlays/prod']!,
      'HorizontalPodAutoscaler',
    )) {
      expect(hpa.spec?.minReplicas).toBeGreaterThanOrEqual(3);
    }
  });

  it('puts each environment in its own namespace', () => {
    const namespaces = (target: (typeof TARGETS)[number]) =>
      new Set(rendered[target]!.map((o) => o.metadata.namespace));
    expect(namespaces('overlays/dev')).toEqual(new Set(['governance-dev']));
    expect(namespaces('overlays/prod')).toEqual(new Set(['governance']));
  });
});
