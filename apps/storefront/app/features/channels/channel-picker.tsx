import { useEffect, useRef } from 'react';
import { useFetcher, useLocation } from 'react-router';
import { showToast } from '../../components/ui/toast';
import { useShop } from '../../lib/shop';
import type { action } from '../../routes/resources.channel';
import { channelLabel } from './channel-label';

const ACTION = '/resources/channel';

/**
 * The country/currency picker (ADR 0027), shown only with multi-channel on and more than one
 * channel. Choosing one posts to /resources/channel: the API remembers it (sf_channel) and moves
 * the cart, and React Router reloads the page's data, so prices, currency, the phone input and
 * the address form follow without a full reload. Without JavaScript the form's button does the
 * same and comes back to this page. In the mobile menu, the answer closes the menu: its toast
 * would otherwise sit over the menu's close button, and the shopper sees the page in the new
 * currency at once.
 */
export function ChannelPicker({ id, variant }: { id: string; variant: 'header' | 'menu' }) {
  const shop = useShop();
  const list = shop.channels;
  const fetcher = useFetcher<typeof action>({ key: 'channel-picker' });
  const location = useLocation();
  const shown = useRef<unknown>(null);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== 'idle' || !answer || shown.current === answer) return;
    shown.current = answer;
    if (variant === 'menu') form.current?.closest('dialog')?.close();
    if (answer.message) showToast(answer.ok ? 'success' : 'error', answer.message);
  }, [fetcher.state, fetcher.data, variant]);

  if (!list) return null;
  const pending = fetcher.formData?.get('channel_id');
  const value = typeof pending === 'string' ? pending : shop.storefront.channel.id;
  const header = variant === 'header';

  return (
    <fetcher.Form ref={form} method="post" action={ACTION} className={header ? 'mr-1' : 'col-span-2'}>
      <input type="hidden" name="return_to" value={`${location.pathname}${location.search}`} />
      <label htmlFor={id} className={header ? 'sr-only' : 'mb-1.5 block text-sm font-medium text-muted'}>
        Country and currency
      </label>
      <div className="flex items-center gap-2">
        <select
          id={id}
          name="channel_id"
          value={value}
          data-testid={`channel-picker-${variant}`}
          aria-busy={fetcher.state !== 'idle'}
          disabled={fetcher.state !== 'idle'}
          onChange={(e) => {
            const form = new FormData(e.currentTarget.form ?? undefined);
            form.set('channel_id', e.currentTarget.value);
            form.set('js', '1');
            void fetcher.submit(form, { method: 'post', action: ACTION });
          }}
          className={
            header
              ? 'h-11 max-w-44 cursor-pointer rounded-full border border-ink/15 bg-background px-3 text-sm font-semibold text-ink hover:border-ink/50 disabled:opacity-60'
              : 'h-12 w-full cursor-pointer rounded-xl border border-ink/15 bg-background px-3 text-base text-ink disabled:opacity-60'
          }
        >
          {list.channels.map((c) => (
            <option key={c.id} value={c.id}>
              {channelLabel(c)}
            </option>
          ))}
        </select>
        <noscript>
          <button type="submit" className="btn btn-outline h-11">
            Change
          </button>
        </noscript>
      </div>
    </fetcher.Form>
  );
}
