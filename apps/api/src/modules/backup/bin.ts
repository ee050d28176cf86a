// `npm run backup` and `npm run restore` (scripts/api-tool.mjs): the command line of cli.ts.
import { runCli } from './cli.ts';

runCli();
