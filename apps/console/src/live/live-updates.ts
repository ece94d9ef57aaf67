import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { EventSource } from 'eventsource';
import { useEffect, useState } from 'react';
import { ORGANIZATION_HEADER } from '../api/client';
import { useSession } from '../auth/session-context';

/*
 * Live updates: each service streams which of its topics changed for the organization (server-sent events,
 * authorized like any request: the session cookie and X-Service-Organization, which a native EventSource
 * cannot send, hence the `eventsource` package over fetch). A change refetches the queries it touches.
 */
const STREAMS = {
  dashboard: '/api/service/dashboard/stream',
  systems: '/api/service/systems/stream',
  webhooks: '/v1/webhooks/stream',
  assess: '/api/service/assess/stream',
  reports: '/api/service/reports/stream',
} as const;

export type LiveStreamName = keyof typeof STREAMS;
export type LiveStatus = 'connecting' | 'live' | 'offline';

/** The queries each topic's change makes stale. */
const STALE_QUERIES: Readonly<Record<string, readonly QueryKey[]>> = {
  activity: [['dashboard']],
  systems: [['systems'], ['dashboard']],
  // A heartbeat touches a system's page, not the inventory, which heartbeats would keep refetching.
  probes: [['systems', 'detail']],
  deliveries: [['webhooks']],
  assessments: [['assessments']],
  reports: [['reports']],
};

/** Many changes in a moment become one refetch. */
const SETTLE_MS = 150;

export function staleQueries(topics: readonly string[]): QueryKey[] {
  const keys = new Map<string, QueryKey>();
  for (const topic of topics)
    for (const key of STALE_QUERIES[topic] ?? []) keys.set(JSON.stringify(key), key);
  return [...keys.values()];
}

function refresher(queryClient: QueryClient) {
  const pending = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    add(topics: readonly string[]) {
      for (const topic of topics) pending.add(topic);
      timer ??= setTimeout(() => {
        timer = undefined;
        const keys = staleQueries([...pending]);
        pending.clear();
        for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
      }, SETTLE_MS);
    },
    stop: () => clearTimeout(timer),
  };
}

const topicsOf = (event: { data: unknown }): string[] =>
  (JSON.parse(String(event.data)) as { topics?: string[] }).topics ?? [];

/** Follows `stream` while the component is mounted; answers whether it is live now. */
export function useLiveUpdates(stream: LiveStreamName): LiveStatus {
  const queryClient = useQueryClient();
  const organizationId = useSession().organization.id;
  const [status, setStatus] = useState<LiveStatus>('connecting');

  useEffect(() => {
    const refresh = refresher(queryClient);
    let connected = false;
    const source = new EventSource(STREAMS[stream], {
      fetch: (input, init) =>
        fetch(input, {
          ...init,
          credentials: 'same-origin',
          headers: { ...init?.headers, [ORGANIZATION_HEADER]: organizationId },
        }),
    });
    source.addEventListener('ready', (event) => {
      // After a reconnection, what changed meanwhile was not replayed: read it again.
      if (connected) refresh.add(topicsOf(event));
      connected = true;
      setStatus('live');
    });
    source.addEventListener('change', (event) => refresh.add(topicsOf(event)));
    source.addEventListener('error', () =>
      setStatus(source.readyState === source.CLOSED ? 'offline' : 'connecting'),
    );
    return () => {
      source.close();
      refresh.stop();
    };
  }, [stream, organizationId, queryClient]);

  return status;
}
