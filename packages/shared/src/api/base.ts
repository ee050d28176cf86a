import type { HealthSchema, HeartBeatSchema, HostSchema } from '../schemas/base.ts';
import { endpoint } from './endpoint.ts';

/** The shop's origin, the daily visit count and liveness (spec section 7, Base). */
export const baseApi = {
  host: endpoint<{ data: typeof HostSchema }>('GET', '/api/base/host'),
  heartBeat: endpoint<{ data: typeof HeartBeatSchema }>('POST', '/api/base/heart-beat'),
  /** 503 with the same data when the database is down. */
  health: endpoint<{ data: typeof HealthSchema }>('GET', '/api/health'),
} as const;
