#!/usr/bin/env -S npx tsx
/**
 * `npm run shop -- <command>`: the owner's API from the command line (docs/owner-api.md). Every
 * call goes through the endpoint declarations of packages/shared, so the CLI and the API cannot
 * drift apart.
 */
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import {
  ApiError,
  NETWORK_ERROR,
  SETUP_STEPS,
  SETUP_STEP_LABELS,
  adminApi,
  adminChannelsApi,
  adminSetupApi,
  callEndpoint,
  type ApiTransport,
  type ChannelBody,
  type SetupStatus,
  type SetupStep,
  type StaffRoleName,
} from '@shopfront/shared';
import { readFileSync } from 'node:fs';

const HELP = `Run the shop from the command line, through its owner API.

usage: npm run shop -- [--url URL] <command> [arguments]

  --url URL        the shop (default: $SHOP_URL, else http://127.0.0.1:3000)
  --token TOKEN    a staff bearer token; better in $SHOP_TOKEN (get one with \`login\`): a
                   command-line argument shows in the process list and the shell history
  --help           this text

commands:
  login --email E                     sign in; prints \`export SHOP_TOKEN=…\` (the password
                                      from $SHOP_PASSWORD, or asked on the terminal)
  logout                              end the session of the token
  whoami                              the signed-in staff member
  settings get [key]                  all store settings as JSON, or one value (text as is)
  settings set key=value …            change store settings; store_mode=services (or products)
                                      switches what the shop sells (owners only)
  storefront get                      storefront settings (mode, theme, cookie warning …)
  storefront set key=value …          e.g. mode="Coming Soon", mode=null, password=…,
                                      theme.primary=#1f6f5c, cookie_warning.title="Cookies"
  plugins list                        every plugin, installed or not
  plugins install NAME [key=value …]  install a plugin, or change some keys of its config: the
                                      keys given are merged into its current (or kept) config
  plugins remove NAME                 remove a plugin (its config is kept)
  channels list                       the sales channels: id, name, currency, country, what uses
                                      them, and the countries a channel may sell in
  channels add name=N currency_code=AED country=AE
                                      add a channel (its id is made from the name)
  channels set ID key=value …         rename it (name=…), or change currency_code and country
                                      while nothing is priced or ordered in it
  channels remove ID                  delete a channel and its prices (refused for the
                                      storefront's and the default channel, or one with orders)
  subscribers export [--format json]  the Coming Soon / Maintenance sign-ups as CSV (or JSON)
  audit [--page N] [--area A] [--staff ID] [--from YYYY-MM-DD] [--to YYYY-MM-DD]
                                      the audit log, newest first, 50 a page; area: orders, catalogue,
                                      customers, settings, plugins, staff, backups or undo
  staff list                          staff accounts (owners only)
  staff add --email E --name N [--role owner|manager|packer|content_editor]
                                      add a staff member (the password from
                                      $SHOP_STAFF_PASSWORD, or asked on the terminal)
  staff update ID key=value …         name=…, role=owner|manager|packer|content_editor, is_active=false
  setup status                        the first-run steps, done or not, and what is missing
  setup STEP key=value …              save a step; keys not given keep their current values:
                                      store store_name=… store_email=… primary_colour=#… accent_colour=#… logo.url=/media/…
                                      region country=IN currency=INR
                                      tax tax_rate_percent=18 prices_include_tax=true
                                      cod enabled=true fee_minor=4000 (amounts in paise)
                                      shipping zone_name=India rate_minor=6000 free_above_minor=99900
                                      payments provider=cod_only, or provider=razorpay key_id=rzp_…
                                      (the key secret from $RAZORPAY_KEY_SECRET, or asked)
                                      legal [terms.body=@terms.txt …] (the templates, as edited;
                                      a value @FILE is read from that file)
  setup open [--empty-ok]             open the shop (refused, naming the missing steps; with no
                                      published product, refused unless --empty-ok)

Values are read as JSON when they are JSON (true, 30, null, {"a":1}, "quoted text") and as text
otherwise; quote digits that are text: store_phone='"9876543210"'. A value of a key named
password is always text. A dotted key (theme.primary) sets one key of a nested object.
Errors print the shop's message and exit with status 1.`;

/** The usage lines of one command group (`npm run shop -- plugins`). */
function groupHelp(group: string): string {
  const lines = HELP.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i]!.startsWith(`  ${group} `)) continue;
    out.push(lines[i]!);
    // Continuation lines are indented past the command column.
    while (lines[i + 1]?.startsWith(' '.repeat(20))) out.push(lines[++i]!);
  }
  return `usage: npm run shop -- ${group} <subcommand>\n\n${out.join('\n')}`;
}

/** The command groups that need a subcommand. */
const GROUPS = ['settings', 'storefront', 'plugins', 'channels', 'subscribers', 'staff', 'setup'] as const;

class UsageError extends Error {}

const { values: opts, positionals } = (() => {
  try {
    return parseArgs({
      args: process.argv.slice(2),
      allowPositionals: true,
      strict: true,
      options: {
        url: { type: 'string' },
        token: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        email: { type: 'string' },
        password: { type: 'string' },
        name: { type: 'string' },
        role: { type: 'string' },
        page: { type: 'string' },
        format: { type: 'string' },
        area: { type: 'string' },
        staff: { type: 'string' },
        from: { type: 'string' },
        to: { type: 'string' },
        'empty-ok': { type: 'boolean' },
      },
    });
  } catch (err) {
    console.error(`${(err as Error).message}\n\nRun with --help for the commands.`);
    process.exit(2);
  }
})();

const baseUrl = (opts.url ?? process.env.SHOP_URL ?? 'http://127.0.0.1:3000').replace(/\/+$/, '');
const token = opts.token ?? process.env.SHOP_TOKEN;
const warn = (message: string) => console.error(`Warning: ${message}`);

if (opts.token !== undefined) {
  warn('--token shows in the process list and the shell history; prefer `export SHOP_TOKEN=…`.');
}

/** True for an http:// shop on another machine: a token or password sent there crosses the network in clear. */
function isPlainHttpRemote(url: string): boolean {
  try {
    const { protocol, hostname } = new URL(url);
    if (protocol !== 'http:') return false;
    const host = hostname.replace(/^\[|\]$/g, '');
    return !(host === 'localhost' || host.endsWith('.localhost') || /^127\./.test(host) || host === '::1');
  } catch {
    return false;
  }
}
let warnedPlainHttp = false;
/** Warns once (stderr) before a credential goes to a remote shop over plain http. */
function warnIfPlainHttp(what: string) {
  if (warnedPlainHttp || !isPlainHttpRemote(baseUrl)) return;
  warnedPlainHttp = true;
  warn(`sending ${what} to ${baseUrl} over plain http: anyone on the way can read it. Use https://.`);
}

function headers(extra: Record<string, string> = {}): Record<string, string> {
  return { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...extra };
}

async function request(method: string, path: string, body?: unknown): Promise<Response> {
  if (token) warnIfPlainHttp('the staff token');
  try {
    return await fetch(baseUrl + path, {
      method,
      headers: headers(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    throw new ApiError(0, `${NETWORK_ERROR} (${baseUrl})`);
  }
}

/** fetch as the contract's transport: the envelope parsed, whatever the status. */
const transport: ApiTransport = async ({ method, path, body }) => {
  const res = await request(method, path, body);
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON (a proxy's error page): callEndpoint reports the network message.
  }
  return { status: res.status, body: parsed };
};

/**
 * The transport for an endpoint that answers a file (the CSV export) on success: that text
 * becomes the data of a success envelope; an error answer is the usual envelope, so
 * callEndpoint reports it like any other.
 */
const fileTransport: ApiTransport = async (req) => {
  const res = await request(req.method, req.path, req.body);
  if (res.ok && !res.headers.get('content-type')?.startsWith('application/json')) {
    return { status: res.status, body: { status: 'success', data: await res.text() } };
  }
  return transport(req);
};

/** `value` as JSON when it is JSON, else the text itself; a password is always text. */
function parseValue(key: string, raw: string): unknown {
  if (/(^|\.)password$/.test(key)) return raw;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/** `key=value …` as an object; `a.b=1` sets b in the object a. */
function assignments(args: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const arg of args) {
    const eq = arg.indexOf('=');
    if (eq <= 0) throw new UsageError(`Expected key=value, got "${arg}"`);
    const key = arg.slice(0, eq);
    const value = parseValue(key, arg.slice(eq + 1));
    const parts = key.split('.');
    let target = out;
    for (const part of parts.slice(0, -1)) {
      const next = target[part];
      target = (next && typeof next === 'object' ? next : (target[part] = {})) as Record<string, unknown>;
    }
    target[parts.at(-1)!] = value;
  }
  return out;
}

const print = (data: unknown) => console.log(typeof data === 'string' ? data : JSON.stringify(data, null, 2));
const note = (message: string | undefined) => {
  if (message) console.error(message);
};

async function askSecret(question: string, envName: string): Promise<string> {
  if (!process.stdin.isTTY) throw new UsageError(`No password given: set ${envName}, or run on a terminal to be asked`);
  // On stderr: `eval "$(npm run -s shop -- login …)"` captures stdout only.
  const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
  const out = rl as unknown as { _writeToOutput(s: string): void };
  let muted = false;
  out._writeToOutput = (s: string) => {
    if (!muted) process.stderr.write(s);
  };
  const answer = rl.question(question);
  muted = true;
  try {
    return await answer;
  } finally {
    process.stderr.write('\n');
    rl.close();
  }
}

/**
 * The API replaces a plugin's whole config: start from its current (or kept) config, so the keys
 * not named on the command line keep their values instead of going back to defaults.
 */
async function mergedConfig(name: string, changes: Record<string, unknown>): Promise<Record<string, unknown>> {
  const current = (await callEndpoint(transport, adminApi.listPlugins)).data.find((p) => p.name === name);
  return { ...current?.config, ...changes };
}

/** The setup in a few lines: each step done or not, what is missing. */
function printSetup(status: SetupStatus) {
  console.log(`State: ${status.state === 'live' ? 'open' : 'setting up (the shop shows "Coming Soon")'}`);
  for (const step of SETUP_STEPS) {
    console.log(`  [${status.steps[step].done ? 'x' : ' '}] ${step.padEnd(9)} ${SETUP_STEP_LABELS[step]}`);
  }
  if (status.missing.length) console.log(`Still to do: ${status.missing.join(', ')}`);
  else if (status.state !== 'live') console.log('Every step is done: npm run shop -- setup open');
}

/** Deep merge of plain objects (`b` wins). */
function merge(a: unknown, b: unknown): unknown {
  if (!a || !b || typeof a !== 'object' || typeof b !== 'object' || Array.isArray(a) || Array.isArray(b)) return b;
  const out: Record<string, unknown> = { ...(a as Record<string, unknown>) };
  for (const [k, v] of Object.entries(b)) out[k] = merge(out[k], v);
  return out;
}

/**
 * `setup STEP key=value …`: the step's current values (the status answers them) with the ones
 * given; a value `@FILE` (legal pages) is read from the file. Razorpay's key secret never comes
 * from the command line.
 */
async function saveSetupStep(step: SetupStep, pairs: string[]) {
  const changes = assignments(pairs);
  const readFiles = (v: unknown): unknown =>
    typeof v === 'string' && v.startsWith('@')
      ? readFileSync(v.slice(1), 'utf8')
      : v && typeof v === 'object'
        ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, readFiles(x)]))
        : v;
  let body: Record<string, unknown>;
  if (step === 'payments') {
    if ('key_secret' in changes || 'webhook_secret' in changes) {
      throw new UsageError(
        'Secrets are not taken on the command line: set RAZORPAY_KEY_SECRET (and RAZORPAY_WEBHOOK_SECRET)',
      );
    }
    body = changes;
    if (changes.provider === 'razorpay') {
      body.key_secret =
        process.env.RAZORPAY_KEY_SECRET ?? (await askSecret('Razorpay key secret: ', 'RAZORPAY_KEY_SECRET'));
      if (process.env.RAZORPAY_WEBHOOK_SECRET) body.webhook_secret = process.env.RAZORPAY_WEBHOOK_SECRET;
    }
  } else {
    const current = (await callEndpoint(transport, adminSetupApi.status)).data.steps[step].values;
    body = merge(current, readFiles(changes)) as Record<string, unknown>;
  }
  const { data, message } = await callEndpoint(transport, adminSetupApi[step], { body: body as never });
  note(message);
  printSetup(data);
}

function needToken() {
  if (!token)
    throw new UsageError('Not signed in: run `npm run shop -- login --email …` and export SHOP_TOKEN, or pass --token');
}

async function run(): Promise<void> {
  const [command, sub, ...rest] = positionals;
  if (opts.help || !command) {
    console.log(HELP);
    return;
  }
  if (opts.password !== undefined) {
    throw new UsageError(
      '--password is not accepted: it would show in the process list and the shell history. Set SHOP_PASSWORD (login) or SHOP_STAFF_PASSWORD (staff add), or type it when asked',
    );
  }
  if ((GROUPS as readonly string[]).includes(command) && sub === undefined) {
    console.log(groupHelp(command));
    return;
  }
  if (command === 'login') {
    if (!opts.email) throw new UsageError('login needs --email');
    const password = process.env.SHOP_PASSWORD ?? (await askSecret('Password: ', 'SHOP_PASSWORD'));
    warnIfPlainHttp('your password');
    const { data } = await callEndpoint(transport, adminApi.login, {
      body: { email: opts.email, password, session: 'bearer' },
    });
    console.error(
      `Signed in as ${data.staff.name} <${data.staff.email}> (${data.staff.role}), until ${data.expires_at}.`,
    );
    console.log(`export SHOP_TOKEN=${data.token}`);
    return;
  }
  needToken();
  switch (command) {
    case 'logout':
      note((await callEndpoint(transport, adminApi.logout)).message);
      return;
    case 'whoami':
      print((await callEndpoint(transport, adminApi.me)).data);
      return;
    case 'settings': {
      if (sub === 'get') {
        const { data } = await callEndpoint(transport, adminApi.getSettings);
        const key = rest[0];
        if (key !== undefined && !(key in data)) throw new UsageError(`No store setting is called "${key}"`);
        print(key === undefined ? data : (data as Record<string, unknown>)[key]);
        return;
      }
      if (sub === 'set') {
        const patch = assignments(rest);
        const { data, message } = await callEndpoint(transport, adminApi.updateSettings, { body: patch });
        note(message);
        print(Object.fromEntries(Object.keys(patch).map((k) => [k, (data as Record<string, unknown>)[k]])));
        return;
      }
      break;
    }
    case 'storefront': {
      if (sub === 'get') {
        print((await callEndpoint(transport, adminApi.getStorefront)).data);
        return;
      }
      if (sub === 'set') {
        const { data, message } = await callEndpoint(transport, adminApi.updateStorefront, {
          body: assignments(rest),
        });
        note(message);
        print(data);
        return;
      }
      break;
    }
    case 'plugins': {
      if (sub === 'list') {
        const { data } = await callEndpoint(transport, adminApi.listPlugins);
        for (const p of data)
          console.log(`${p.installed ? '[installed]' : '           '} ${p.name.padEnd(22)} ${p.label}`);
        return;
      }
      if ((sub === 'install' || sub === 'remove') && rest[0]) {
        const [name, ...pairs] = rest;
        const { data, message } =
          sub === 'install'
            ? await callEndpoint(transport, adminApi.installPlugin, {
                params: { name: name! },
                body: { config: await mergedConfig(name!, assignments(pairs)) },
              })
            : await callEndpoint(transport, adminApi.removePlugin, { params: { name: name! } });
        note(message);
        print({ name: data.name, installed: data.installed, config: data.config });
        return;
      }
      break;
    }
    case 'channels': {
      if (sub === 'list') {
        const { data } = await callEndpoint(transport, adminChannelsApi.list);
        for (const c of data.channels) {
          const flags = [c.is_storefront && 'storefront', c.is_default && 'default'].filter(Boolean).join(', ');
          console.log(
            `${c.id.padEnd(16)} ${c.name.padEnd(24)} ${c.currency_code} ${c.country.iso2}  ` +
              `${c.products} priced, ${c.orders} orders, ${c.carts} carts${flags ? `  [${flags}]` : ''}`,
          );
        }
        console.error(`Countries: ${data.countries.map((c) => `${c.iso2} (${c.currency_code})`).join(', ')}`);
        return;
      }
      if (sub === 'add') {
        const { data, message } = await callEndpoint(transport, adminChannelsApi.add, {
          body: assignments(rest) as ChannelBody,
        });
        note(message);
        print(data);
        return;
      }
      if (sub === 'set' && rest[0]) {
        // The API takes the whole channel: the keys not given keep their current values.
        const [id, ...pairs] = rest;
        const { data: list } = await callEndpoint(transport, adminChannelsApi.list);
        const current = list.channels.find((c) => c.id === id);
        if (!current) throw new UsageError(`No channel has the id "${id}" (see \`channels list\`)`);
        const body = {
          name: current.name,
          currency_code: current.currency_code,
          country: current.country.iso2,
          ...assignments(pairs),
        } as ChannelBody;
        const { data, message } = await callEndpoint(transport, adminChannelsApi.save, { params: { id: id! }, body });
        note(message);
        print(data);
        return;
      }
      if (sub === 'remove' && rest[0]) {
        const { message } = await callEndpoint(transport, adminChannelsApi.remove, { params: { id: rest[0] } });
        note(message);
        return;
      }
      break;
    }
    case 'subscribers': {
      if (sub !== 'export') break;
      const format = opts.format ?? 'csv';
      if (format !== 'csv' && format !== 'json') throw new UsageError('--format is csv or json');
      if (format === 'json') {
        // Every page, as one array.
        const all: unknown[] = [];
        for (let page = 1; ; page++) {
          const { data } = await callEndpoint(transport, adminApi.modeSubscribers, { query: { format, page } });
          all.push(...data.subscribers);
          if (page >= data.pagination.last_page) break;
        }
        print(all);
        return;
      }
      const { data } = await callEndpoint(fileTransport, adminApi.modeSubscribers, { query: { format } });
      process.stdout.write(data as unknown as string);
      return;
    }
    case 'audit': {
      const page = opts.page === undefined ? 1 : Number(opts.page);
      const filters = Object.fromEntries(
        (['area', 'staff', 'from', 'to'] as const).flatMap((k) => (opts[k] === undefined ? [] : [[k, opts[k]]])),
      );
      const { data } = await callEndpoint(transport, adminApi.auditLog, { query: { page, ...filters } });
      print(data);
      return;
    }
    case 'setup': {
      if (sub === 'status') return printSetup((await callEndpoint(transport, adminSetupApi.status)).data);
      if (sub === 'open') {
        const body = !opts['empty-ok'] ? {} : { acknowledge_empty_catalogue: true };
        const { data, message } = await callEndpoint(transport, adminSetupApi.open, { body });
        note(message);
        return printSetup(data);
      }
      if ((SETUP_STEPS as readonly string[]).includes(sub!)) return saveSetupStep(sub as SetupStep, rest);
      break;
    }
    case 'staff': {
      if (sub === 'list') {
        print((await callEndpoint(transport, adminApi.listStaff)).data);
        return;
      }
      if (sub === 'add') {
        if (!opts.email || !opts.name) throw new UsageError('staff add needs --email and --name');
        const password =
          process.env.SHOP_STAFF_PASSWORD ??
          (await askSecret('Password for the new staff member: ', 'SHOP_STAFF_PASSWORD'));
        const { data, message } = await callEndpoint(transport, adminApi.createStaff, {
          body: { email: opts.email, name: opts.name, password, role: (opts.role ?? 'manager') as StaffRoleName },
        });
        note(message);
        print(data);
        return;
      }
      if (sub === 'update' && rest[0]) {
        const [id, ...pairs] = rest;
        const { data, message } = await callEndpoint(transport, adminApi.updateStaff, {
          params: { id: id! },
          body: assignments(pairs),
        });
        note(message);
        print(data);
        return;
      }
      break;
    }
  }
  if ((GROUPS as readonly string[]).includes(command)) {
    throw new UsageError(`Unknown command: ${positionals.join(' ')}\n\n${groupHelp(command)}`);
  }
  throw new UsageError(`Unknown command: ${positionals.join(' ')}`);
}

run().catch((err: unknown) => {
  if (err instanceof ApiError) {
    console.error(`Error: ${err.message}`);
    for (const [field, list] of Object.entries(err.errors)) console.error(`  ${field}: ${list.join('; ')}`);
  } else if (err instanceof UsageError) {
    console.error(`${err.message}\n\nRun with --help for the commands.`);
  } else {
    console.error(err instanceof Error ? err.message : err);
  }
  process.exit(1);
});
