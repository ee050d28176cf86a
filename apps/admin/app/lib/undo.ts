import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { adminDashboardApi, type UndoOffer } from '@shopfront/shared';
import { call, errorText } from './api';
import { failure, success } from './toast';

/**
 * Takes a save back: calls the undo API with the whole save (`also`), then refreshes `refresh`;
 * a refused undo (409: the record changed since) shows the server's message. True when undone.
 */
export async function undoSave(qc: QueryClient, offer: UndoOffer, refresh: readonly QueryKey[]): Promise<boolean> {
  try {
    const res = await call(adminDashboardApi.undo, { params: { id: offer.id }, body: { also: offer.also } });
    await Promise.all(refresh.map((queryKey) => qc.invalidateQueries({ queryKey })));
    void success(res.message ?? 'Change undone');
    return true;
  } catch (err) {
    void failure(errorText(err));
    return false;
  }
}

/** The toast of a save (issue 25): its message, and Undo (`undoSave`) while the save's offer lasts. */
export function savedToast(
  qc: QueryClient,
  message: string,
  opts: { description?: string; offer?: UndoOffer; refresh: readonly QueryKey[] },
): void {
  const { offer } = opts;
  void success(
    message,
    opts.description,
    offer ? { until: offer.expires_at, run: () => void undoSave(qc, offer, opts.refresh) } : undefined,
  );
}
