import type { operations } from '../api/schema';
import { PUBLIC_EVENT_TYPES } from '../api/catalog.generated';

/* The shapes of the webhooks API, from the generated schema and catalog, so pure modules can use them. */
type Json<Answer> = Answer extends { content: { 'application/json': infer Body } } ? Body : never;

export type Webhook = Json<operations['Webhooks_get']['responses'][200]>;
export type CreatedWebhook = Json<operations['Webhooks_create']['responses'][201]>;
export type NewWebhook = operations['Webhooks_create']['requestBody']['content']['application/json'];
export type WebhookChange = operations['Webhooks_update']['requestBody']['content']['application/json'];
export type EventType = Webhook['events'][number];
export type DeliveryFilters = NonNullable<operations['Webhooks_deliveries']['parameters']['query']>;
export type DeliveryPage = Json<operations['Webhooks_deliveries']['responses'][200]>;
export type Delivery = DeliveryPage['data'][number];
export type Outcome = Delivery['outcome'];
export type TestDelivery = Json<operations['Webhooks_test']['responses'][200]>;
export type Recovered = Json<operations['Webhooks_recover']['responses'][202]>;
export type RotatedSecret = Json<operations['Webhooks_rotateSecret']['responses'][200]>;
export type WebhookHealth = Webhook['health'];
export type HealthStatus = WebhookHealth['status'];
export type DeliveryDetail = Json<operations['Webhooks_delivery']['responses'][200]>;
export type AttemptDetail = DeliveryDetail['attempts'][number];
export type EventTypeEntry = Json<operations['Webhooks_eventTypes']['responses'][200]>['data'][number];

/** The event types the API accepts, in its order. */
export const EVENT_TYPES: readonly EventType[] = PUBLIC_EVENT_TYPES;

export const OUTCOMES: readonly Outcome[] = ['pending', 'succeeded', 'failed'];
