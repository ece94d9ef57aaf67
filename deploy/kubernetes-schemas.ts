import Ajv from 'ajv';
import * as appsV1 from 'kubernetes-models/apps/v1';
import * as autoscalingV2 from 'kubernetes-models/autoscaling/v2';
import * as batchV1 from 'kubernetes-models/batch/v1';
import * as networkingV1 from 'kubernetes-models/networking.k8s.io/v1';
import * as policyV1 from 'kubernetes-models/policy/v1';
import * as coreV1 from 'kubernetes-models/v1';
import type { KubernetesObject } from './kustomize';

type Model = new (data: never) => { validate(): void };

/** The kubernetes-models classes per apiVersion; an apiVersion missing here fails validation on purpose. */
const MODELS: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  v1: coreV1,
  'apps/v1': appsV1,
  'autoscaling/v2': autoscalingV2,
  'batch/v1': batchV1,
  'networking.k8s.io/v1': networkingV1,
  'policy/v1': policyV1,
};

/** Strimzi's KafkaTopic, reduced to the fields we set; strict so a misspelt field fails. */
export const KAFKA_TOPIC_SCHEMA = {
  type: 'object',
  required: ['apiVersion', 'kind', 'metadata', 'spec'],
  additionalProperties: false,
  properties: {
    apiVersion: { const: 'kafka.strimzi.io/v1beta2' },
    kind: { const: 'KafkaTopic' },
    metadata: {
      type: 'object',
      required: ['name', 'labels'],
      properties: {
        name: { type: 'string', pattern: '^[a-z0-9]([-a-z0-9]*[a-z0-9])?$', maxLength: 253 },
        namespace: { type: 'string' },
        labels: {
          type: 'object',
          required: ['strimzi.io/cluster'],
          additionalProperties: { type: 'string' },
        },
      },
    },
    spec: {
      type: 'object',
      required: ['topicName', 'partitions', 'replicas', 'config'],
      additionalProperties: false,
      properties: {
        topicName: { type: 'string', pattern: '^[a-zA-Z0-9._-]{1,249}$' },
        partitions: { type: 'integer', minimum: 1 },
        replicas: { type: 'integer', minimum: 1, maximum: 32767 },
        config: {
          type: 'object',
          required: ['retention.ms', 'min.insync.replicas'],
          properties: {
            'retention.ms': { type: 'integer', minimum: 1 },
            'min.insync.replicas': { type: 'integer', minimum: 1 },
            'cleanup.policy': { enum: ['delete', 'compact', 'compact,delete'] },
          },
        },
      },
    },
  },
} as const;

const validateKafkaTopic = new Ajv({ allErrors: true }).compile(KAFKA_TOPIC_SCHEMA);

/** Throws with the schema errors of one object: kubernetes-models for core kinds, our schema for KafkaTopic. */
export function validateObject(object: KubernetesObject): void {
  const where = `${object.kind}/${object.metadata.name}`;
  if (object.apiVersion === 'kafka.strimzi.io/v1beta2' && object.kind === 'KafkaTopic') {
    if (!validateKafkaTopic(object)) {
      throw new Error(`${where}: ${JSON.stringify(validateKafkaTopic.errors)}`);
    }
    return;
  }
  const model = MODELS[object.apiVersion]?.[object.kind] as Model | undefined;
  if (!model) throw new Error(`${where}: no model for ${object.apiVersion} ${object.kind}`);
  try {
    new model(object as never).validate();
  } catch (error) {
    throw new Error(`${where}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
