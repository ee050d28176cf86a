import type { Config } from '@react-router/dev/config';

/** The owner's panel: a browser-only app (SPA mode) under /admin on the shop's own origin. */
export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  ssr: false,
  basename: '/admin',
} satisfies Config;
