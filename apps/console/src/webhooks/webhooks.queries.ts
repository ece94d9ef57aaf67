import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client';
import { unwrap } from '../api/problem';
import type { DeliveryFilters, NewWebhook, WebhookChange, EventType } from './webhook-types';

export const DELIVERY_PAGE_SIZE = 25;

const path = (id: string) => ({ params: { path: { id } } });

export function useWebhooks() {
  return useQuery({
    queryKey: ['webhooks', 'list'],
    queryFn: () => unwrap(api.GET('/v1/webhooks')),
  });
}

export function useWebhook(id: string) {
  return useQuery({
    queryKey: ['webhooks', 'detail', id],
    queryFn: () => unwrap(api.GET('/v1/webhooks/{id}', path(id))),
  });
}

/** One page of the delivery log; the previous page stays on screen while the next loads. */
export function useDeliveries(
  id: string,
  filters: Omit<DeliveryFilters, 'limit' | 'cursor'>,
  cursor: string | null,
) {
  return useQuery({
    queryKey: ['webhooks', 'deliveries', id, filters, cursor],
    queryFn: () =>
      unwrap(
        api.GET('/v1/webhooks/{id}/deliveries', {
          params: {
            path: { id },
            query: { ...filters, limit: DELIVERY_PAGE_SIZE, ...(cursor ? { cursor } : {}) },
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** One delivery with its request body and each attempt's response, read when it is opened. */
export function useDelivery(id: string, deliveryId: string) {
  return useQuery({
    queryKey: ['webhooks', 'deliveries', id, 'detail', deliveryId],
    queryFn: () =>
      unwrap(api.GET('/v1/webhooks/{id}/deliveries/{deliveryId}', { params: { path: { id, deliveryId } } })),
  });
}

/** The event catalogue: it changes with a release only. */
export function useEventTypes() {
  return useQuery({
    queryKey: ['webhooks', 'event-types'],
    queryFn: () => unwrap(api.GET('/v1/webhooks/event-types')),
    staleTime: Infinity,
  });
}

/** Every webhook query refreshes after a change: the list, the webhook and its log. */
function useWebhooksMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['webhooks'] }),
  });
}

/** The answer carries the signing secret, this once: the caller shows it, nothing keeps it. */
export const useCreateWebhook = () =>
  useWebhooksMutation((body: NewWebhook) => unwrap(api.POST('/v1/webhooks', { body })));

export const useUpdateWebhook = () =>
  useWebhooksMutation(({ id, change }: { id: string; change: WebhookChange }) =>
    unwrap(api.PATCH('/v1/webhooks/{id}', { ...path(id), body: change })),
  );

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE('/v1/webhooks/{id}', path(id))),
    onSuccess: async (_, id) => {
      queryClient.removeQueries({ queryKey: ['webhooks', 'detail', id] });
      queryClient.removeQueries({ queryKey: ['webhooks', 'deliveries', id] });
      await queryClient.invalidateQueries({ queryKey: ['webhooks', 'list'] });
    },
  });
}

export const useSendTest = () =>
  useWebhooksMutation(({ id, event }: { id: string; event: EventType }) =>
    unwrap(api.POST('/v1/webhooks/{id}/test', { ...path(id), body: { event } })),
  );

export const useResend = () =>
  useWebhooksMutation(({ id, deliveryId }: { id: string; deliveryId: string }) =>
    unwrap(
      api.POST('/v1/webhooks/{id}/deliveries/{deliveryId}/resend', {
        params: { path: { id, deliveryId } },
      }),
    ),
  );

export const useRecover = () =>
  useWebhooksMutation(({ id, since }: { id: string; since: string }) =>
    unwrap(api.POST('/v1/webhooks/{id}/recover', { ...path(id), body: { since } })),
  );

export const useRotateSecret = () =>
  useWebhooksMutation((id: string) => unwrap(api.POST('/v1/webhooks/{id}/rotate-secret', path(id))));

export type {
  AttemptDetail,
  CreatedWebhook,
  Delivery,
  DeliveryDetail,
  EventTypeEntry,
  HealthStatus,
  WebhookHealth,
  DeliveryFilters,
  DeliveryPage,
  EventType,
  NewWebhook,
  Outcome,
  Recovered,
  RotatedSecret,
  TestDelivery,
  Webhook,
  WebhookChange,
} from './webhook-types';
