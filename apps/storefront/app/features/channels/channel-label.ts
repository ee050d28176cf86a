import type { Channel } from '@shopfront/shared';

/**
 * How the picker names a channel: its name and currency ("UAE · AED"). No flag emoji: many
 * systems (Windows, a bare Linux) draw them as two letters or empty boxes.
 */
export function channelLabel(channel: Channel): string {
  return `${channel.name} · ${channel.currency.code}`;
}
