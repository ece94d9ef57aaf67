import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderKustomization, strategicMerge } from './kustomize';

describe('strategicMerge', () => {
  it('merges maps, deletes on null and replaces plain lists', () => {
    expect(strategicMerge({ a: 1, b: { c: 2, d: 3 }, e: [1, 2] }, { b: { c: 4, d: null }, e: [3] })).toEqual({
      a: 1,
      b: { c: 4 },
      e: [3],
    });
  });

  it('merges lists of named items by name and appends new ones', () => {
    const base = { containers: [{ name: 'app', image: 'x', resources: { limits: { memory: '1Gi' } } }] };
    const patch = {
      containers: [
        { name: 'app', resources: { requests: { cpu: '1' } } },
        { name: 'sidecar', image: 'y' },
      ],
    };
    expect(strategicMerge(base, patch)).toEqual({
      containers: [
        { name: 'app', image: 'x', resources: { limits: { memory: '1Gi' }, requests: { cpu: '1' } } },
        { name: 'sidecar', image: 'y' },
      ],
    });
  });
});

describe('renderKustomization', () => {
  function write(dir: string, files: Record<string, string>): void {
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  }
  const deployment = (name: string): string =>
    [
      'apiVersion: apps/v1',
      'kind: Deployment',
      `metadata: { name: ${name} }`,
      'spec: { template: { spec: {',
      `  initContainers: [{ name: migrate, image: 'img-${name}', args: [migrate] }],`,
      `  containers: [{ name: ${name}, image: 'img-${name}' }] } } }`,
    ].join('\n');

  it('applies targeted patches, images, replicas and the namespace', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kustomize-'));
    write(dir, {
      'a.yaml': `${deployment('a')}\n---\n${deployment('b')}\n`,
      'patch.yaml':
        'apiVersion: apps/v1\nkind: Deployment\nmetadata: { name: any }\nspec: { paused: true }\n',
      'kustomization.yaml': [
        'namespace: ns',
        'resources: [a.yaml]',
        'patches: [{ path: patch.yaml, target: { kind: Deployment } }]',
        'images: [{ name: img-a, newName: reg/a, newTag: "1.0" }]',
        'replicas: [{ name: b, count: 3 }]',
      ].join('\n'),
    });

    const [a, b] = renderKustomization(dir);

    expect(a).toMatchObject({
      metadata: { name: 'a', namespace: 'ns' },
      spec: {
        paused: true,
        template: {
          spec: {
            initContainers: [{ name: 'migrate', image: 'reg/a:1.0', args: ['migrate'] }],
            containers: [{ image: 'reg/a:1.0' }],
          },
        },
      },
    });
    expect(b).toMatchObject({ metadata: { name: 'b' }, spec: { paused: true, replicas: 3 } });
    expect(b?.spec).toMatchObject({
      template: { spec: { initContainers: [{ image: 'img-b' }], containers: [{ image: 'img-b' }] } },
    });
  });

  it('refuses fields it does not apply and patches that match nothing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kustomize-'));
    write(dir, { 'kustomization.yaml': 'resources: []\ncommonLabels: { a: b }\n' });
    expect(() => renderKustomization(dir)).toThrow(/commonLabels/);

    const other = mkdtempSync(join(tmpdir(), 'kustomize-'));
    write(other, {
      'a.yaml': deployment('a'),
      'patch.yaml': 'apiVersion: apps/v1\nkind: Deployment\nmetadata: { name: missing }\n',
      'kustomization.yaml': 'resources: [a.yaml]\npatches: [{ path: patch.yaml }]\n',
    });
    expect(() => renderKustomization(other)).toThrow(/matches no object/);
  });
});
