import { useEffect } from 'react';
import { baseApi, callEndpoint } from '@shopfront/shared';
import { browserTransport } from './api.client';

const STORAGE_KEY = 'sf_heartbeat';
let sentThisLoad = false;

function localDate(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function readStored(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * Tells the API a visitor came by, at most once per calendar day (spec sections 7 and 9). The
 * API keeps its own 7-day cookie; the local date saves the request on every later page view.
 */
export function useHeartBeat(): void {
  useEffect(() => {
    const today = localDate();
    // The shell remounts when an error screen replaces a page; one beat per page load is enough.
    if (sentThisLoad || readStored() === today) return;
    sentThisLoad = true;
    callEndpoint(browserTransport, baseApi.heartBeat)
      .then(() => {
        try {
          localStorage.setItem(STORAGE_KEY, today);
        } catch {
          // Storage may be disabled (private mode); the API cookie still de-duplicates.
        }
      })
      .catch(() => {
        // Counting visits must never disturb shopping.
      });
  }, []);
}
