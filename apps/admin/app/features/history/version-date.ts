/** When a version was kept, as the History list and the previewing bar show it. */
export const versionDate = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
