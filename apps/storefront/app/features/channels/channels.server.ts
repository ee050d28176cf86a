import { callEndpoint, channelsApi, type ChannelList } from '@shopfront/shared';
import { api, apiTransport } from '../../lib/api.server';

/**
 * The channels for the header's picker (ADR 0027): null unless enable_multi_channel is on and
 * there is more than one channel to pick from. Asked for only when the setting is on; a failure
 * only hides the picker.
 */
export async function loadChannelPicker(context: unknown): Promise<ChannelList | null> {
  try {
    const initial = await api(context).initialValues();
    if (initial.settings.enable_multi_channel !== true) return null;
    const { data } = await callEndpoint(apiTransport(context), channelsApi.list);
    return data.enabled && data.channels.length > 1 ? data : null;
  } catch (err) {
    console.error('channel list failed', err);
    return null;
  }
}
