import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { adminApplicationsApi } from '@shopfront/shared';
import { call } from '../../lib/api';

export const APPLICATIONS_KEY = ['applications'] as const;

/** The inbox's filters, kept in the address (`?service=&stage=&overdue=1`) so a reload keeps them. */
export interface ApplicationFilters {
  service: string;
  stage: string;
  overdue: boolean;
}

export function readFilters(params: URLSearchParams): ApplicationFilters {
  return {
    service: params.get('service') ?? '',
    stage: params.get('stage') ?? '',
    overdue: params.get('overdue') === '1',
  };
}

export function writeFilters(f: ApplicationFilters): URLSearchParams {
  const p = new URLSearchParams();
  if (f.service) p.set('service', f.service);
  if (f.stage) p.set('stage', f.stage);
  if (f.overdue) p.set('overdue', '1');
  return p;
}

/** The inbox: newest first, a page at a time (keyset cursor), "Load more" asks for the next. */
export function useApplicationList(f: ApplicationFilters) {
  const query = {
    ...(f.service ? { service: f.service } : {}),
    ...(f.stage ? { stage: f.stage } : {}),
    ...(f.overdue ? { overdue: 'true' as const } : {}),
  };
  return useInfiniteQuery({
    queryKey: [...APPLICATIONS_KEY, 'list', query],
    queryFn: async ({ pageParam }) =>
      (await call(adminApplicationsApi.list, { query: { ...query, ...(pageParam ? { cursor: pageParam } : {}) } }))
        .data,
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: (prev) => prev,
  });
}

/** The services to filter by, each with its stages. */
export function useServiceChoices() {
  return useQuery({
    queryKey: [...APPLICATIONS_KEY, 'services'],
    queryFn: async () => (await call(adminApplicationsApi.services)).data.services,
    staleTime: 5 * 60_000,
  });
}

/** The stages every application has besides its service's own. */
const OPENING = [
  { key: 'quote_requested', label: 'Quote requested' },
  { key: 'awaiting_payment', label: 'Awaiting payment' },
  { key: 'submitted', label: 'Submitted' },
];
const ENDINGS = [
  { key: 'rejected', label: 'Rejected' },
  { key: 'cancelled', label: 'Cancelled' },
];

/**
 * The stage filter's choices: the chosen service's table, or every service's stages (each key
 * once, with the first service's label) when none is chosen.
 */
export function stageChoices(
  services: { id: string; stages: { key: string; label: string }[] }[],
  service: string,
): { key: string; label: string }[] {
  const own = services.filter((s) => !service || s.id === service).flatMap((s) => s.stages);
  const seen = new Set<string>();
  return [...OPENING, ...own, ...ENDINGS].filter((s) => !seen.has(s.key) && seen.add(s.key));
}
