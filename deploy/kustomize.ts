import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isRecord, readYaml, readYamlDocuments } from './manifest-files';

/**
 * The subset of Kustomize the overlays use, rendered in-process so tests need no kubectl:
 * `resources` (files and directories), `namespace`, `images`, `replicas` and strategic-merge `patches`
 * (by the patch's own kind and name, or by a `target` kind/name). Any other field fails the render,
 * so an overlay cannot quietly rely on a feature these tests would ignore.
 */
export interface KubernetesObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> } & Record<string, unknown>;
  [field: string]: unknown;
}

interface ImageOverride {
  name: string;
  newName?: string;
  newTag?: string;
  digest?: string;
}

interface PatchRef {
  path: string;
  target?: { kind?: string; name?: string };
}

const SUPPORTED_FIELDS = new Set([
  'apiVersion',
  'kind',
  'namespace',
  'resources',
  'images',
  'replicas',
  'patches',
]);

export function renderKustomization(directory: string): KubernetesObject[] {
  const file = join(directory, 'kustomization.yaml');
  const kustomization = readYaml(file);
  if (!isRecord(kustomization)) throw new Error(`${file}: not a mapping`);
  const unsupported = Object.keys(kustomization).filter((field) => !SUPPORTED_FIELDS.has(field));
  if (unsupported.length > 0)
    throw new Error(`${file}: fields the test renderer does not apply: ${unsupported.join(', ')}`);

  let objects = stringList(kustomization.resources, file).flatMap((resource) => {
    const path = join(directory, resource);
    if (!existsSync(path)) throw new Error(`${file}: resource ${resource} does not exist`);
    return statSync(path).isDirectory() ? renderKustomization(path) : readObjects(path);
  });

  for (const patch of list<PatchRef>(kustomization.patches)) {
    const patchFile = join(directory, patch.path);
    for (const document of readObjects(patchFile)) objects = applyPatch(objects, document, patch, patchFile);
  }
  for (const image of list<ImageOverride>(kustomization.images))
    objects = objects.map((o) => setImage(o, image));
  for (const { name, count } of list<{ name: string; count: number }>(kustomization.replicas)) {
    const found = objects.filter((o) => o.kind === 'Deployment' && o.metadata.name === name);
    if (found.length === 0) throw new Error(`${file}: replicas for unknown Deployment ${name}`);
    objects = objects.map((o) => (found.includes(o) ? strategicMerge(o, { spec: { replicas: count } }) : o));
  }
  const namespace = kustomization.namespace;
  if (typeof namespace === 'string') {
    objects = objects.map((o) => ({ ...o, metadata: { ...o.metadata, namespace } }));
  }
  return objects;
}

/**
 * Strategic merge as Kubernetes applies it to the fields we patch: maps merge key by key, `null` deletes,
 * lists of named items (containers, env, volumes, ports) merge by `name`, any other list is replaced.
 */
export function strategicMerge<T>(base: T, patch: unknown): T {
  return mergeValue(base, patch) as T;
}

function mergeValue(base: unknown, patch: unknown): unknown {
  if (isRecord(base) && isRecord(patch)) {
    const merged: Record<string, unknown> = { ...base };
    for (const [key, value] of Object.entries(patch)) {
      if (value === null) delete merged[key];
      else merged[key] = mergeValue(base[key], value);
    }
    return merged;
  }
  if (Array.isArray(base) && Array.isArray(patch) && isNamedList(base) && isNamedList(patch)) {
    const merged = base.map((item) => {
      const override = patch.find((p) => p.name === item.name);
      return override ? mergeValue(item, override) : item;
    });
    const added = patch.filter((p) => !base.some((item) => item.name === p.name));
    return [...merged, ...added];
  }
  return patch;
}

function isNamedList(items: unknown[]): items is ({ name: string } & Record<string, unknown>)[] {
  return items.every((item) => isRecord(item) && typeof item.name === 'string');
}

function applyPatch(
  objects: KubernetesObject[],
  patch: KubernetesObject,
  ref: PatchRef,
  patchFile: string,
): KubernetesObject[] {
  const matches = (o: KubernetesObject): boolean =>
    ref.target
      ? (ref.target.kind === undefined || o.kind === ref.target.kind) &&
        (ref.target.name === undefined || o.metadata.name === ref.target.name)
      : o.kind === patch.kind && o.metadata.name === patch.metadata.name;
  if (!objects.some(matches)) throw new Error(`${patchFile}: the patch matches no object`);
  // With a target, the patch's own name is a placeholder and must not rename what it patches.
  const body = ref.target ? { ...patch, metadata: { ...patch.metadata, name: undefined } } : patch;
  return objects.map((o) => {
    if (!matches(o)) return o;
    const merged = strategicMerge(o, body);
    merged.metadata.name = o.metadata.name;
    return merged;
  });
}

function setImage(object: KubernetesObject, override: ImageOverride): KubernetesObject {
  const template = isRecord(object.spec) && isRecord(object.spec.template) ? object.spec.template : undefined;
  const pod = template && isRecord(template.spec) ? template.spec : undefined;
  if (!pod) return object;
  const retag = (container: unknown): unknown => {
    if (!isRecord(container) || typeof container.image !== 'string') return container;
    const [name, tag] = splitImage(container.image);
    if (name !== override.name) return container;
    const newName = override.newName ?? name;
    const image = override.digest
      ? `${newName}@${override.digest}`
      : `${newName}${override.newTag || tag ? `:${override.newTag ?? tag}` : ''}`;
    return { ...container, image };
  };
  // Kustomize retags init containers too; a migration would otherwise run an image of another release.
  const retagged: Record<string, unknown> = {};
  for (const field of ['initContainers', 'containers'] as const) {
    const containers = pod[field];
    if (Array.isArray(containers)) retagged[field] = containers.map(retag);
  }
  return strategicMerge(object, { spec: { template: { spec: retagged } } });
}

function splitImage(image: string): [string, string | undefined] {
  const at = image.indexOf('@');
  if (at >= 0) return [image.slice(0, at), undefined];
  const colon = image.lastIndexOf(':');
  return colon > image.lastIndexOf('/')
    ? [image.slice(0, colon), image.slice(colon + 1)]
    : [image, undefined];
}

function readObjects(file: string): KubernetesObject[] {
  return readYamlDocuments(file).map((document, index) => {
    if (
      !isRecord(document) ||
      typeof document.apiVersion !== 'string' ||
      typeof document.kind !== 'string' ||
      !isRecord(document.metadata) ||
      typeof document.metadata.name !== 'string'
    ) {
      throw new Error(`${file}: document ${index} lacks apiVersion, kind or metadata.name`);
    }
    return document as KubernetesObject;
  });
}

function stringList(value: unknown, file: string): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) {
    throw new Error(`${file}: resources must be a list of paths`);
  }
  return value;
}

function list<T>(value: unknown): T[] {
  return Array.isArray(value) ? (value as T[]) : [];
}

export const K8S_ROOT = join(__dirname, 'k8s');
