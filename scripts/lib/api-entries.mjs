/**
 * What `npm run build` compiles of the API (scripts/build-api.mjs), each into apps/api/dist/<name>.js:
 * the server (`npm start`) and the command-line tools scripts/api-tool.mjs runs (`npm run db:*`,
 * `backup`, `restore`, `shop`). Paths from the repository's root.
 */
export const API_ENTRIES = {
  server: 'apps/api/src/server.ts',
  db: 'apps/api/src/db/cli.ts',
  backup: 'apps/api/src/modules/backup/bin.ts',
  shop: 'scripts/shop.ts',
};

/** The sources those files are made from: newer than a compiled file, it is stale. */
export const API_SOURCES = ['apps/api/src', 'packages/shared/src', 'scripts/shop.ts'];
