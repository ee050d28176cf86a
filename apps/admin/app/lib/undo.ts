import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { adminDashboardApi, type UndoOffer } from '@shopfront/shared';
import { call, errorText } from './api';
import { failure, success } from './toast';

/**
 * The toast of a save (issue 25): its message, and Undo while the save's offer lasts. Undo calls
 * the undo API with the whole save (`also`), then refreshes `refresh`; a refused undo (409: the
 * record changed since) shows the server's message.
 */
export function savedToast(
  qc: QueryClient,
  message: string,
  opts: { description?: string; offer?: UndoOffer; refresh: readonly QueryKey[] },
): void {
  const { offer } = opts;
  void success(
    message,
    opts.description,
    offer
      ? {
          until: offer.expires_at,
          run: () => {
            void (async () => {
              try {
                const res = await call(adminDashboardApi.undo, {
                  params: { id: offer.id },
                  body: { also: offer.also },
                });
                await Promise.all(opts.refresh.map((queryKey) => qc.invalidateQueries({ queryKey })));
                void success(res.message ?? 'Change undone');
              } catch (err) {
                void failure(errorText(err));
              }
            })();
          },
        }
      : undefined,
  );
}
