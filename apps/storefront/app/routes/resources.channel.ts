import { data, redirect } from 'react-router';
import { ApiError, callEndpoint, channelsApi, messages, NETWORK_ERROR } from '@shopfront/shared';
import type { Route } from './+types/resources.channel';
import { apiTransport } from '../lib/api.server';
import { isCrossSite } from '../lib/cross-site.server';
import { safeReturnPath } from '../lib/safe-return-path';

/** What the picker's fetcher gets back: the API's message (a toast), and whether it worked. */
export interface ChannelChoice {
  ok: boolean;
  message: string;
}

/**
 * The channel picker posts here (ADR 0027). The API sets the sf_channel cookie (passed on with
 * this answer) and moves the cart; React Router then reloads every loader of the page, so prices,
 * currency, phone and address fields follow at once. Without JavaScript (no `js` field) the
 * shopper is sent back to the page they were on.
 */
export async function action({ request, context }: Route.ActionArgs) {
  // Another site must not switch a shopper's currency (nor move their cart to it).
  if (isCrossSite(request)) {
    return data<ChannelChoice>({ ok: false, message: messages.forbiddenOrigin }, { status: 403 });
  }
  const form = await request.formData();
  const channelId = String(form.get('channel_id') ?? '');
  let answer: ChannelChoice;
  try {
    const { message } = await callEndpoint(apiTransport(context), channelsApi.choose, {
      body: { channel_id: channelId },
    });
    answer = { ok: true, message: message ?? '' };
  } catch (err) {
    answer = { ok: false, message: err instanceof ApiError ? err.message : NETWORK_ERROR };
  }
  if (form.get('js') === '1') return data(answer, { status: answer.ok ? 200 : 422 });
  return redirect(safeReturnPath(form.get('return_to'), new URL(request.url).origin), { status: 303 });
}

export function loader() {
  return redirect('/');
}
