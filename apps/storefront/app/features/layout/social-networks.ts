import type { ComponentType } from 'react';
import {
  FacebookIcon,
  InstagramIcon,
  LinkedinIcon,
  PinterestIcon,
  TwitterIcon,
  YoutubeIcon,
} from '../../components/ui/icons';

/** The store settings that hold the shop's social links (spec section 3). */
export type SocialKey = 'facebook' | 'instagram' | 'youtube' | 'twitter' | 'pinterest' | 'linkedin';

/** The social networks the footer and the special pages link, in order, with label and icon. */
export const SOCIAL_NETWORKS: { key: SocialKey; label: string; Icon: ComponentType<{ className?: string }> }[] = [
  { key: 'facebook', label: 'Facebook', Icon: FacebookIcon },
  { key: 'instagram', label: 'Instagram', Icon: InstagramIcon },
  { key: 'youtube', label: 'YouTube', Icon: YoutubeIcon },
  { key: 'twitter', label: 'X (Twitter)', Icon: TwitterIcon },
  { key: 'pinterest', label: 'Pinterest', Icon: PinterestIcon },
  { key: 'linkedin', label: 'LinkedIn', Icon: LinkedinIcon },
];
